// An open-loop load at a fixed rate, evenly paced: one request every 1000/rate ms, each on a free
// keep-alive connection (a new one when all are busy), its latency timed from when it was due,
// so a stall counts for every request it delays. autocannon's overallRate is not used for this:
// it sends each second's quota in a burst and then waits, and it pads its histogram as if one
// request per millisecond were expected, so at 100 req/s its p99 measures the tool.
import http from 'node:http';
import https from 'node:https';

export interface PacedResult {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/**
 * `url` may be a function of the request's number, so a run can vary what it asks for; `headers`
 * go with every request (a staff session's cookie).
 */
export async function paced(
  url: string | ((i: number) => string),
  rate: number,
  seconds: number,
  headers: Record<string, string> = {},
  /** A POST's JSON body for request `i` (a GET when absent). */
  body?: (i: number) => string,
  /** Each latency is also pushed here, so several runs can be summed up together (`summarize`). */
  samples?: number[],
): Promise<PacedResult> {
  const urlOf = typeof url === 'string' ? () => url : url;
  const secure = urlOf(0).startsWith('https:');
  // nginx is measured over HTTPS with the certificate the stack made for the run (not checked here).
  const client = secure ? https : http;
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: 256, rejectUnauthorized: false })
    : new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const interval = 1000 / rate;
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      new Promise<void>((resolve) => {
        const payload = body?.(i);
        const options = payload
          ? { agent, method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }
          : { agent, headers };
        const req = client.request(urlOf(i), options, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            samples?.push(performance.now() - due);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx += 1;
            resolve();
          });
        });
        req.on('error', () => {
          errors += 1;
          resolve();
        });
        req.end(payload);
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    non2xx,
    errors,
  };
}

/** p50, p99 and the slowest of latencies gathered over several runs (`paced`'s `samples`). */
export function summarize(samples: readonly number[]): Pick<PacedResult, 'requests' | 'p50' | 'p99' | 'max'> {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}
