// One measured route: a warm-up, then `runs` runs of autocannon; the run with the median req/s
// (p99 at a fixed rate) is kept whole (its p50 and p99 too), and any non-2xx answer or error in any run is counted.
import autocannon from 'autocannon';

export interface LoadOptions {
  duration: number;
  warmup: number;
  runs: number;
  connections?: number;
  /** Fixed total request rate (req/s) instead of as fast as possible. */
  rate?: number;
}

export interface Measure {
  url: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  runs: { reqPerSec: number; p50: number; p99: number }[];
  non2xx: number;
  errors: number;
  connections: number;
  rate: number | null;
  duration: number;
}

function once(url: string, duration: number, connections: number, rate?: number) {
  return autocannon({ url, duration, connections, ...(rate ? { overallRate: rate } : {}) });
}

export async function measure(url: string, options: LoadOptions): Promise<Measure> {
  const connections = options.connections ?? (options.rate ? 10 : 50);
  if (options.warmup > 0) await once(url, options.warmup, connections, options.rate);
  const runs = [];
  let non2xx = 0;
  let errors = 0;
  for (let i = 0; i < options.runs; i += 1) {
    const r = await once(url, options.duration, connections, options.rate);
    non2xx += r.non2xx;
    errors += r.errors + r.timeouts;
    runs.push({ reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
  }
  // At a fixed rate req/s is the same in every run: the median is then taken on p99.
  const key = options.rate ? (m: (typeof runs)[0]) => m.p99 : (m: (typeof runs)[0]) => m.reqPerSec;
  const median = [...runs].sort((a, b) => key(a) - key(b))[Math.floor(runs.length / 2)]!;
  return {
    url,
    ...median,
    runs,
    non2xx,
    errors,
    connections,
    rate: options.rate ?? null,
    duration: options.duration,
  };
}
