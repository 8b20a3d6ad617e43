import type { Knex } from 'knex';
import { addMonths, formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import type { DashboardFigures, MembershipPage, MembershipQuery } from '@gym/contracts/memberships';
import type { PeriodIncome } from '@gym/contracts/reports';
import { toCsv } from '../../shared/csv';
import type { Clock } from '../../clock';
import { listJobRuns } from '../../jobs/jobs';
import { waitingMails } from '../../shared/mail-retry';
import type { IncomeReader } from '../reports';
import type { DeskRepository } from './desk.repository';
import { REMINDERS_JOB } from './reminders.service';

/** A CSV holds at most this many rows; the screen's filters narrow a bigger list. */
export const CSV_MAX_ROWS = 10_000;

const CSV_HEADER = ['Código', 'Nombre', 'Correo', 'Celular', 'Plan', 'Estado', 'Vence el', 'Apto físico hasta'];

/** The desk's lists, their CSV and the dashboard's figures. */
export function createDeskService(deps: { desk: DeskRepository; income: IncomeReader; db: Knex; clock: Clock }) {
  const { desk, income, db, clock } = deps;
  const today = () => tucumanToday(clock.now());

  return {
    statuses: () => desk.statuses(today()),

    async list(filters: MembershipQuery): Promise<MembershipPage> {
      const { items, total } = await desk.page(filters, today());
      return { items, total, page: filters.page, limit: filters.limit };
    },

    async csv(filters: MembershipQuery): Promise<{ filename: string; body: string }> {
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
      const month = day.slice(0, 7);
      const lastMonth = addMonths(`${month}-01`, -1).slice(0, 7);
      // Income and active members by the one definition Reportes and the export read too (issue 40).
      const [figures, [mesAnterior, mes], activas, runs, correosEnEspera] = await Promise.all([
        desk.figures(day),
        income.months([lastMonth, month]),
        income.activeMembers(day),
        listJobRuns(db),
        waitingMails(db),
      ]);
      const run = runs.find((r) => r.name === REMINDERS_JOB);
      const sent = run?.lastResult?.sent;
      return {
        today: day,
        activas,
        ...figures,
        ingresos: { mes: incomeOnly(mes!), mesAnterior: incomeOnly(mesAnterior!) },
        ultimoRecordatorio: run
          ? { finishedAt: run.lastFinishedAt, status: run.lastStatus, sent: typeof sent === 'number' ? sent : null }
          : null,
        correosEnEspera,
      };
    },
  };
}

/** A month's income as the panel sends it: by method and source, without Reportes' plans. */
const incomeOnly = ({ porMetodo, cuotasCentavos, tiendaCentavos, totalCentavos }: PeriodIncome): PeriodIncome => ({
  porMetodo,
  cuotasCentavos,
  tiendaCentavos,
  totalCentavos,
});

export type DeskService = ReturnType<typeof createDeskService>;
