import type { Job } from '../../jobs/jobs';
import { createAuditRecorder } from '../audit';
import { createAttendanceRepository } from './attendance.repository';
import { createAttendanceService } from './attendance.service';
import { createClassesRepository } from './classes.repository';
import { createSessionCalendar } from './session-calendar';

export const NO_SHOWS_JOB = 'ausentes-de-clases';

/** Every 15 minutes, on one replica (the job runner's claim): the no-shows of the classes that ended. */
export const noShowsJob: Job = {
  name: NO_SHOWS_JOB,
  everyMs: 15 * 60_000,
  async run(ctx) {
    const repo = createClassesRepository();
    return createAttendanceService({
      db: ctx.db,
      repo,
      attendance: createAttendanceRepository(),
      calendar: createSessionCalendar(ctx.db, repo, ctx.clock),
      clock: ctx.clock,
      audit: createAuditRecorder(ctx.clock),
    }).markNoShows();
  },
};
