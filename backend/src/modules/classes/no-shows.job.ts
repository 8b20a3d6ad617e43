import type { Job } from '../../jobs/jobs';
import { auditedWrites, createAuditRecorder } from '../audit';
import { clientReads } from '../clients';
import { trainerReads } from '../shifts';
import { createAttendanceService } from './attendance.service';
import { classesRepositories } from './repositories';
import { createSessionCalendar } from './session-calendar';

export const NO_SHOWS_JOB = 'ausentes-de-clases';

/** Every 15 minutes, on one replica (the job runner's claim): the no-shows of the classes that ended. */
export const noShowsJob: Job = {
  name: NO_SHOWS_JOB,
  everyMs: 15 * 60_000,
  async run(ctx) {
    const { db, clock } = ctx;
    const audit = createAuditRecorder(clock);
    const repos = classesRepositories(db);
    return createAttendanceService({
      repos,
      write: auditedWrites(db, audit, classesRepositories),
      // What marking the no-shows reads of the other modules: a client's DNI, the trainers.
      peers: { dni: (idUsuario) => clientReads(db).dni(idUsuario), trainers: () => trainerReads(db).all() },
      calendar: createSessionCalendar(repos.sessions, ctx.clock),
      clock: ctx.clock,
    }).markNoShows();
  },
};
