import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The API's Prometheus metrics (issue 31), one registry per process: what each request, job and
 * scrape adds to. Served on the internal port only (modules/operations/metrics.server.ts).
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metrics],
});

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
});

export const jobRuns = new Counter({
  name: 'gym_job_runs_total',
  help: 'Background job runs on this replica, by job name and outcome (ok, error)',
  labelNames: ['name', 'status'] as const,
  registers: [metrics],
});
