import { purgeJob } from '../modules/accounts/purge.job';
import { cancelUnpaidOrders } from './cancel-unpaid-orders';
import { mailRetryJob } from './mail-retry';
import { membershipRemindersJob } from '../modules/memberships/reminders.job';
import { noShowsJob } from '../modules/classes/no-shows.job';
import { classRemindersJob } from '../modules/classes/class-reminders.job';
import { backupAlertsJob } from '../modules/operations';
import { reconcileJob } from '../modules/payments';
import { invoicesJob } from '../modules/invoices';
import { ipcJob, pricingJob } from '../modules/pricing';
import { whatsappJob } from '../modules/messaging/messaging.job';
import type { AppConfig } from '../config';
import { startJobs, type Job, type JobContext, type JobsOptions, type StopJobs } from './jobs';

export {
  runJobOnce,
  startJobs,
  listJobRuns,
  type Job,
  type JobContext,
  type JobRun,
  type JobsOptions,
  type StopJobs,
} from './jobs';

/**
 * Every background job of the API, started on each replica by server.ts or, with RUN_JOBS=false,
 * by the worker process (worker.ts); tests run them with runJobOnce. A module adds its job here.
 */
export const backgroundJobs: Job[] = [
  purgeJob,
  cancelUnpaidOrders,
  membershipRemindersJob,
  noShowsJob,
  classRemindersJob,
  reconcileJob,
  backupAlertsJob,
  mailRetryJob,
  invoicesJob,
  ipcJob,
  pricingJob,
  whatsappJob,
];

/**
 * The API process's jobs: started here, or none when RUN_JOBS=false says a worker process runs them
 * (production: the API's event loop then only serves requests). Says which, for the start-up log.
 */
export function startApiJobs(
  config: Pick<AppConfig, 'runJobs'>,
  ctx: JobContext,
  jobs: Job[] = backgroundJobs,
  options?: JobsOptions,
): { jobs: 'in this process' | 'in the worker'; stop: StopJobs } {
  if (!config.runJobs) return { jobs: 'in the worker', stop: () => Promise.resolve() };
  return { jobs: 'in this process', stop: startJobs(jobs, ctx, options) };
}
