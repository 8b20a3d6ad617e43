import type { Knex } from 'knex';
import type { Clock } from '../../clock';

export interface ThrottleOptions {
  maxFailures: number;
  windowMinutes: number;
}

/** Failed attempts per key, kept in PostgreSQL so every API replica sees the same count. */
export function createThrottle(db: Knex, clock: Clock, options: ThrottleOptions) {
  const windowStart = () => new Date(clock.now().getTime() - options.windowMinutes * 60_000);
  return {
    retryAfterSeconds: options.windowMinutes * 60,

    async isBlocked(keys: string[]): Promise<boolean> {
      const rows = await db('throttle_events')
        .select('key')
        .count<{ key: string; count: string | number }[]>({ count: '*' })
        .whereIn('key', keys)
        .andWhere('created_at', '>', windowStart())
        .groupBy('key');
      return rows.some((row) => Number(row.count) >= options.maxFailures);
    },

    async recordFailure(keys: string[]): Promise<void> {
      const now = clock.now();
      await db('throttle_events').insert(keys.map((key) => ({ key, created_at: now })));
      await db('throttle_events').whereIn('key', keys).andWhere('created_at', '<=', windowStart()).delete();
    },

    async clear(keys: string[]): Promise<void> {
      await db('throttle_events').whereIn('key', keys).delete();
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
