import type { Knex } from 'knex';
import { DEFAULT_CLASS_RULES, type ClassDiscipline, type ClassRules } from '@gym/contracts/classes';

/** The booking rules (one row) and which disciplines each plan covers (`plan_disciplines`, this module's table). */
export function createRulesRepository(q: Knex) {
  return {
    async get(): Promise<ClassRules> {
      const row: { days_ahead: number; free_cancel_hours: number; weekly_limit: number } | undefined = await q(
        'class_rules',
      ).first('days_ahead', 'free_cancel_hours', 'weekly_limit');
      if (!row) return DEFAULT_CLASS_RULES;
      return { daysAhead: row.days_ahead, freeCancelHours: row.free_cancel_hours, weeklyLimit: row.weekly_limit };
    },

    async save(rules: ClassRules): Promise<void> {
      await q('class_rules')
        .insert({
          id: true,
          days_ahead: rules.daysAhead,
          free_cancel_hours: rules.freeCancelHours,
          weekly_limit: rules.weeklyLimit,
        })
        .onConflict('id')
        .merge();
    },

    /** The disciplines a plan covers, with its weekly limit (null: the rules' default). */
    async coverage(idPlan: number): Promise<{ discipline: ClassDiscipline; weekly_limit: number | null }[]> {
      return q('plan_disciplines').where({ id_plan: idPlan }).select('discipline', 'weekly_limit');
    },

    /** Every plan's coverage, by plan and discipline (plans that cover nothing have no row). */
    async allCoverage(): Promise<{ id_plan: number; discipline: ClassDiscipline; weekly_limit: number | null }[]> {
      return q('plan_disciplines').select('id_plan', 'discipline', 'weekly_limit').orderBy(['id_plan', 'discipline']);
    },

    async setCoverage(idPlan: number, disciplines: ClassDiscipline[], weeklyLimit: number | null): Promise<void> {
      await q('plan_disciplines').where({ id_plan: idPlan }).delete();
      if (disciplines.length)
        await q('plan_disciplines').insert(
          disciplines.map((discipline) => ({ id_plan: idPlan, discipline, weekly_limit: weeklyLimit })),
        );
    },
  };
}
