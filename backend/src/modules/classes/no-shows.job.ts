import type { Job } from '../../jobs/jobs';
import { auditedWrites, createAuditRecorder } from '../audit';
import { createAttendanceService } from './attendance.service';
import { classesRepositories } from './repositories';
import { createSessionCalendar } from './session-calendar';

export const NO_SHOWS_JOB = 'ausentes-de-clases';

/** Every 15 minutes, on one replica (the job runner's claim): the no-shows of the classes that ended. */
export const noShowsJob: Job = {
  name: NO_SHOWS_JOB,
  everyMs: 15 * 60_000,
  async run(ctx) {
    const repos = classesRepositories(ctx.db);
    return createAttendanceService({
      repos,
      write: auditedWrites(ctx.db, createAuditRecorder(ctx.clock), classesRepositories),
      calendar: createSessionCalendar(repos.sessions, ctx.clock),
      clock: ctx.clock,
    }).markNoShows();
  },
};
