import type { Job } from '../../jobs/jobs';
import { auditedWrites, createAuditRecorder } from '../audit';
import { clientReads } from '../clients';
import { membershipReads } from '../memberships';
import { planReads } from '../plans';
import { trainerReads } from '../shifts';
import { createAttendanceService } from './attendance.service';
import { classPeers } from './peers';
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
      peers: classPeers({
        db,
        audit,
        clock,
        clients: clientReads(db),
        plans: planReads(db),
        memberships: membershipReads(db),
        trainers: trainerReads(db),
      }),
      calendar: createSessionCalendar(repos.sessions, ctx.clock),
      clock: ctx.clock,
    }).markNoShows();
  },
};
