// One measured route: a warm-up, then `runs` runs of autocannon (at a fixed rate: of the evenly
// paced load of paced.ts); the run with the median req/s (p99 at a fixed rate) is kept whole (its
// p50 and p99 too), and any non-2xx answer or error in any run is counted.
import autocannon from 'autocannon';
import { paced } from './paced';

export interface LoadOptions {
  duration: number;
  warmup: number;
  runs: number;
  connections?: number;
  /** Fixed total request rate (req/s) instead of as fast as possible. */
  rate?: number;
}

export interface Run {
  reqPerSec: number;
  p50: number;
  p99: number;
}

/** One URL asked again and again, or an origin and a new path for every request (mix.ts). */
export type Target = string | { origin: string; next: () => string; name: string };

export interface Measure extends Run {
  url: string;
  runs: Run[];
  non2xx: number;
  errors: number;
  connections: number;
  rate: number | null;
  duration: number;
  /** The bare Express baseline, measured in turn with this route (one baseline run before each run). */
  baseline?: Run & { runs: Run[] };
}

async function once(target: Target, duration: number, connections: number, rate?: number): Promise<AutocannonResult> {
  if (!rate) {
    if (typeof target === 'string') return autocannon({ url: target, duration, connections });
    const requests = [{ setupRequest: (req: object) => ({ ...req, path: target.next() }) }];
    return autocannon({ url: target.origin, duration, connections, requests });
  }
  const r = await paced(typeof target === 'string' ? target : () => target.origin + target.next(), rate, duration);
  return { requests: { average: r.requests / duration }, latency: r, non2xx: r.non2xx, errors: r.errors, timeouts: 0 };
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const summary = (r: AutocannonResult): Run => ({
  reqPerSec: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
});

/** At a fixed rate req/s is the same in every run: the median is then taken on p99. */
function median(runs: Run[], byLatency: boolean): Run {
  const key = (m: Run) => (byLatency ? m.p99 : m.reqPerSec);
  return [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;
}

/**
 * Warm-up, then `runs` runs of the route. With a baseline URL each run is preceded by a run of the
 * baseline, so a shared, noisy machine weighs on both alike and their ratio stays meaningful.
 */
export async function measure(target: Target, options: LoadOptions, baselineUrl?: string): Promise<Measure> {
  const url = typeof target === 'string' ? target : `${target.origin} (${target.name})`;
  // A paced run opens keep-alive connections as it needs them: 0 here.
  const connections = options.connections ?? (options.rate ? 0 : 50);
  if (options.warmup > 0) {
    await once(target, options.warmup, connections, options.rate);
    if (baselineUrl) await once(baselineUrl, options.warmup, connections);
  }
  const runs: Run[] = [];
  const baselineRuns: Run[] = [];
  let non2xx = 0;
  let errors = 0;
  for (let i = 0; i < options.runs; i += 1) {
    if (baselineUrl) {
      const b = await once(baselineUrl, options.duration, connections);
      non2xx += b.non2xx;
      errors += b.errors + b.timeouts;
      baselineRuns.push(summary(b));
    }
    const r = await once(target, options.duration, connections, options.rate);
    non2xx += r.non2xx;
    errors += r.errors + r.timeouts;
    runs.push(summary(r));
  }
  return {
    url,
    ...median(runs, Boolean(options.rate)),
    runs,
    non2xx,
    errors,
    connections,
    rate: options.rate ?? null,
    duration: options.duration,
    ...(baselineUrl ? { baseline: { ...median(baselineRuns, false), runs: baselineRuns } } : {}),
  };
}
