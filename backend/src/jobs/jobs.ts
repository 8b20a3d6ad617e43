import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { AppConfig } from '../config';
import { runWithContext } from '../shared/request-context';
import type { Mailer } from '../shared/mailer';
import { jobRuns } from '../shared/metrics';

export interface JobContext {
  db: Knex;
  logger: Logger;
  clock: Clock;
  config?: AppConfig;
  /** For jobs that send mail (membership reminders); server.ts passes the app's own. */
  mailer?: Mailer;
}

/** A background job: runs at most once per `everyMs` across every replica. */
export interface Job {
  name: string;
  everyMs: number;
  /** How long a claim holds if the replica running it dies mid-run (default: everyMs). */
  leaseMs?: number;
  /** What it did, kept as the run's result (counts, ids): shown to staff, never personal data. */
  run(ctx: JobContext): Promise<Record<string, unknown> | void>;
}

export interface JobRun {
  name: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastStatus: 'ok' | 'error' | null;
  lastError: string | null;
  lastResult: Record<string, unknown> | null;
  runs: number;
}

/**
 * How early a tick may still run the job. Ticks fire a few milliseconds late, each by its own amount:
 * a job whose interval equals the tick (every minute) would otherwise skip every tick that fired a
 * little earlier after the last run than that one did, about half of them, and run every two minutes.
 */
const earlyBy = (job: Job) => Math.min(5_000, job.everyMs / 10);

/**
 * Claims the job for this replica when its interval has passed and no other replica holds it:
 * one conditional UPDATE, so of any number of replicas asking at once exactly one gets the row.
 */
async function claim(db: Knex, job: Job, now: Date, force: boolean): Promise<boolean> {
  await db.raw('INSERT INTO job_runs (name) VALUES (?) ON CONFLICT (name) DO NOTHING', [job.name]);
  const due = force ? now : new Date(now.getTime() - job.everyMs + earlyBy(job));
  const leaseUntil = new Date(now.getTime() + (job.leaseMs ?? job.everyMs));
  const claimed = await db('job_runs')
    .where({ name: job.name })
    .andWhere((q) => {
      q.whereNull('lease_until').orWhere('lease_until', '<=', now);
    })
    .andWhere((q) => {
      q.whereNull('last_started_at').orWhere('last_started_at', '<=', due);
    })
    .update({ lease_until: leaseUntil, last_started_at: now })
    .returning('name');
  return claimed.length === 1;
}

/**
 * Runs the job if it is due and not running elsewhere; records the outcome. `force` (the
 * operator's `jobs:run`) runs it now even if it ran a moment ago, never while another replica runs it.
 */
export async function runJobOnce(
  job: Job,
  ctx: JobContext,
  { force = false }: { force?: boolean } = {},
): Promise<{ ran: boolean; result?: Record<string, unknown> }> {
  if (!(await claim(ctx.db, job, ctx.clock.now(), force))) return { ran: false };
  try {
    // What the job changes is audited with the job as its actor, as the operator's CLI is with `cli:`.
    const result = (await runWithContext({ requestId: `job:${job.name}`, ip: 'local' }, () => job.run(ctx))) ?? {};
    await ctx
      .db('job_runs')
      .where({ name: job.name })
      .update({
        lease_until: null,
        last_finished_at: ctx.clock.now(),
        last_status: 'ok',
        last_error: null,
        last_result: JSON.stringify(result),
        runs: ctx.db.raw('runs + 1'),
        failures_in_a_row: 0,
      });
    jobRuns.inc({ name: job.name, status: 'ok' });
    ctx.logger.info({ job: job.name, result }, 'job finished');
    return { ran: true, result };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.logger.error({ job: job.name, err }, 'job failed');
    jobRuns.inc({ name: job.name, status: 'error' });
    await ctx
      .db('job_runs')
      .where({ name: job.name })
      .update({
        lease_until: null,
        last_finished_at: ctx.clock.now(),
        last_status: 'error',
        last_error: message.slice(0, 500),
        failures_in_a_row: ctx.db.raw('failures_in_a_row + 1'),
      })
      .catch(() => undefined);
    return { ran: true };
  }
}

/** How a caller runs the scheduler: the tick's period, the first tick's delay, and a hook per tick. */
export interface JobsOptions {
  /** Between ticks (default 15 s). */
  tickMs?: number;
  /** Before the first tick (default 5 s: the process settles first). */
  firstTickMs?: number;
  /** Called at each tick, before the due jobs start: the worker's liveness reads it. */
  onTick?: () => void;
}

/**
 * Stops ticking; the promise settles once the runs in flight have finished (a caller bounds the
 * wait: a run that hangs would otherwise hold the process).
 */
export type StopJobs = () => Promise<void>;

/**
 * Every replica ticks; the claim makes one of them run each due job. Returns a stop function. A
 * tick is one small UPDATE per job, so it comes every 15 s: a job runs within 15 s of being due
 * (the invoices are asked of ARCA at each tick), not up to a minute after.
 */
export function startJobs(
  jobs: Job[],
  ctx: JobContext,
  { tickMs = 15_000, firstTickMs = 5_000, onTick }: JobsOptions = {},
): StopJobs {
  let stopped = false;
  const running = new Map<string, Promise<void>>();
  const tick = () => {
    if (stopped) return;
    onTick?.();
    for (const job of jobs) {
      if (running.has(job.name)) continue;
      const run = runJobOnce(job, ctx)
        .then(() => undefined)
        .catch((err: unknown) => ctx.logger.warn({ job: job.name, err }, 'job not started'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
  };
  const first = setTimeout(tick, firstTickMs);
  const timer = setInterval(tick, tickMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await Promise.all(running.values());
  };
}

export async function listJobRuns(db: Knex): Promise<JobRun[]> {
  const rows = await db('job_runs').select('*').orderBy('name');
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return rows.map((r) => ({
    name: r.name,
    lastStartedAt: iso(r.last_started_at),
    lastFinishedAt: iso(r.last_finished_at),
    lastStatus: r.last_status,
    lastError: r.last_error,
    lastResult: typeof r.last_result === 'string' ? JSON.parse(r.last_result) : r.last_result,
    runs: r.runs,
  }));
}
