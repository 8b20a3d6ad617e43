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
import type { Job } from './jobs';

export { runJobOnce, startJobs, listJobRuns, type Job, type JobContext, type JobRun } from './jobs';

/**
 * Every background job of the API, started by server.ts on each replica (tests run them with
 * runJobOnce). A module adds its job here.
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
