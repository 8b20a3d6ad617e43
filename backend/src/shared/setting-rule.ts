import type { TestContext } from 'yup';

/** The environment a setting is read from, so a rule can look at its neighbours. */
export type Env = Record<string, string | undefined>;

/**
 * One rule per setting (config.ts and the modules' settings): `check` answers what is wrong with
 * the value (and how to make a good one), or nothing; so each bad setting gives one line.
 */
export function settingRule<T>(check: (value: T, ctx: TestContext) => string | undefined) {
  return {
    name: 'setting',
    test(this: TestContext, value: T) {
      const problem = check(value, this);
      return problem ? this.createError({ message: problem }) : true;
    },
  };
}

/**
 * A setting of a group that is set all or none (ARCA's four, WhatsApp's four): missing while
 * others of it are set, the line names them and ends with `needs`.
 */
export const allOrNone = <N extends string>(group: readonly N[], name: N, needs: string) =>
  settingRule<unknown>((value, ctx) => {
    const parent = ctx.parent as Env;
    const set = group.filter((n) => n !== name && parent[n] !== undefined);
    return value === undefined && set.length
      ? `is missing while ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: ${needs}`
      : undefined;
  });
