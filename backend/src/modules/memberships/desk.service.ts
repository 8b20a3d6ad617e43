import type { Knex } from 'knex';
import {
  formatDate,
  membershipQuerySchema,
  toCsv,
  tucumanToday,
  type DashboardFigures,
  type MembershipPage,
} from '@gym/contracts';
import type { Clock } from '../../clock';
import { validate } from '../../http/validate';
import { listJobRuns } from '../../jobs/jobs';
import { waitingMails } from '../../shared/mail-retry';
import type { DeskRepository } from './desk.repository';
import { REMINDERS_JOB } from './reminders.service';

/** A CSV holds at most this many rows; the screen's filters narrow a bigger list. */
export const CSV_MAX_ROWS = 10_000;

const CSV_HEADER = ['Código', 'Nombre', 'Correo', 'Celular', 'Plan', 'Estado', 'Vence el', 'Apto físico hasta'];

/** The desk's lists, their CSV and the dashboard's figures. */
export function createDeskService(deps: { desk: DeskRepository; db: Knex; clock: Clock }) {
  const { desk, db, clock } = deps;
  const today = () => tucumanToday(clock.now());

  return {
    statuses: () => desk.statuses(today()),

    async list(query: unknown): Promise<MembershipPage> {
      const filters = validate(membershipQuerySchema, query);
      const { items, total } = await desk.page(filters, today());
      return { items, total, page: filters.page, limit: filters.limit };
    },

    async csv(query: unknown): Promise<{ filename: string; body: string }> {
      const filters = validate(membershipQuerySchema, query);
      const { items } = await desk.page({ ...filters, page: 1, limit: CSV_MAX_ROWS }, today());
      const rows = items.map((r) => [
        r.idUsuario,
        r.nombre,
        r.correo,
        r.celular,
        r.nombrePlan,
        r.state ?? 'sin membresía',
        formatDate(r.paidUntil),
        r.aptoVence ? formatDate(r.aptoVence) : 'sin apto',
      ]);
      return { filename: `membresias-${filters.estado}-${today()}.csv`, body: toCsv([CSV_HEADER, ...rows]) };
    },

    async dashboard(): Promise<DashboardFigures> {
      const day = today();
      const [figures, runs, correosEnEspera] = await Promise.all([
        desk.figures(day),
        listJobRuns(db),
        waitingMails(db),
      ]);
      const run = runs.find((r) => r.name === REMINDERS_JOB);
      const sent = run?.lastResult?.sent;
      return {
        today: day,
        ...figures,
        ultimoRecordatorio: run
          ? { finishedAt: run.lastFinishedAt, status: run.lastStatus, sent: typeof sent === 'number' ? sent : null }
          : null,
        correosEnEspera,
      };
    },
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
