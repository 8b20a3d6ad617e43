// `paced` in a process of its own. The integrations bench runs the outside services' fakes in its own
// process (Mercado Pago answering 2 000 reconciliations, WhatsApp signing and posting thousands of
// status webhooks): a load generator sharing that event loop times the fakes' work as the API's
// latency, since each request is timed from when it was due. Here the generator has its own loop.
import { fork, type ChildProcess } from 'node:child_process';
import { paced, type PacedResult } from './paced';

/** One run: `{i}` in `url` becomes `first + i` (each request its own member); `body` is a POST's JSON. */
export interface PacedRun {
  url: string;
  first?: number;
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedRunResult {
  result: PacedResult;
  samples: number[];
}

type Reply = { ok: true; value: PacedRunResult } | { ok: false; error: string };

/** A child process that runs one `PacedRun` at a time; `close()` ends it. */
export function pacedApart() {
  const child: ChildProcess = fork(__filename, ['--child'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code})`))),
  );
  exited.catch(() => undefined);
  return {
    async run(job: PacedRun): Promise<PacedRunResult> {
      const reply = new Promise<Reply>((resolve) => child.once('message', (m) => resolve(m as Reply)));
      child.send(job);
      const answer = await Promise.race([reply, exited]);
      if (!answer.ok) throw new Error(answer.error);
      return answer.value;
    },
    close() {
      child.removeAllListeners('exit');
      child.disconnect();
    },
  };
}

async function serve(job: PacedRun): Promise<Reply> {
  try {
    const samples: number[] = [];
    const first = job.first ?? 0;
    const url = (i: number) => job.url.replaceAll('{i}', String(first + i));
    const body = job.body === undefined ? undefined : () => job.body!;
    const result = await paced(url, job.rate, job.seconds, job.headers ?? {}, body, samples);
    return { ok: true, value: { result, samples } };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

if (process.argv[2] === '--child' && process.send) {
  process.on('message', (job: PacedRun) => {
    void serve(job).then((reply) => process.send!(reply));
  });
}
