import type { Job } from '../../jobs/jobs';
import { createSessionsRepository } from './sessions.repository';
import { purgeThrottle } from '../../shared/throttle';

const HOUR = 60 * 60_000;
/** Far past any throttle window (15 minutes): a counter this old counts nothing. */
const THROTTLE_KEEP_MS = 24 * HOUR;

/**
 * Every hour, on one replica (the job runner's claim): sessions past their absolute limit and
 * throttle counters of windows long ended are deleted, so neither table grows forever.
 */
export const purgeJob: Job = {
  name: 'purga-sesiones-y-limites',
  everyMs: HOUR,
  async run({ db, clock }) {
    const now = clock.now();
    const sessions = await createSessionsRepository(db).deleteExpired(now);
    const throttleCounters = await purgeThrottle(db, new Date(now.getTime() - THROTTLE_KEEP_MS));
    return { sessions, throttleCounters };
  },
};
