// ADR 0012: a module's code names only its own tables (backend/src/shared/table-owners.ts); another
// module's table is reached through that module's index, unless the use is a listed exception (a
// read model, owned columns, a lock, a known debt). Run on the real tree, and on a copy with a
// planted violation.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CROSS_MODULE_USES, TABLE_OWNERS, type CrossModuleUse } from '../../backend/src/shared/table-owners';

const ROOT = path.resolve(__dirname, '../..');

/** The tables of the migrated schema, from the generated db/src/tables.ts. */
function tablesOf(root: string): string[] {
  const src = readFileSync(path.join(root, 'db/src/tables.ts'), 'utf8');
  return [...src.matchAll(/^\/\*\* ([a-z_]+) \*\/\nexport interface/gm)].map((m) => m[1]!);
}

/** The module files that are not tests, relative to backend/src/modules. */
function moduleFiles(modules: string): string[] {
  return (readdirSync(modules, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !/\.test\.tsx?$/.test(f) && !f.split(path.sep).includes('__tests__'))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** The code without its comments and Pick/Omit types (a table named in prose, or a key, is no use of it). */
const code = (src: string) =>
  src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\b(?:Pick|Omit)<[^<>]*>/g, '');

/** The tables a file names: quoted (Knex, an alias object, a list) or after FROM/JOIN/UPDATE/INTO in SQL. */
function tablesNamed(src: string, tables: readonly string[]): string[] {
  const body = code(src);
  return tables.filter((t) => new RegExp(`['"\`]${t}['"\`]|\\b(?:FROM|JOIN|UPDATE|INTO)\\s+${t}\\b`, 'i').test(body));
}

/**
 * Every table named outside its owner and not listed, every table with no owner, and every listed
 * use no longer there (so the list does not outlive the code).
 */
function violations(
  root: string,
  owners: Readonly<Record<string, string>>,
  allowed: readonly CrossModuleUse[],
): string[] {
  const modules = path.join(root, 'backend/src/modules');
  const tables = tablesOf(root);
  const found: string[] = [];
  const used = new Set<string>();
  for (const file of moduleFiles(modules)) {
    const mod = file.split('/')[0]!;
    for (const table of tablesNamed(readFileSync(path.join(modules, file), 'utf8'), tables)) {
      const owner = owners[table];
      if (owner === undefined) found.push(`${file}: ${table} has no owner in table-owners.ts`);
      else if (owner !== mod) {
        const listed = allowed.filter((u) => u.file === file && u.tables.includes(table));
        if (listed.length === 0) found.push(`${file}: ${table} is the ${owner} module's`);
        for (const u of listed) used.add(`${u.file} ${u.kind} ${table}`);
      }
    }
  }
  for (const u of allowed)
    for (const table of u.tables)
      if (!used.has(`${u.file} ${u.kind} ${table}`))
        found.push(`${u.file}: listed for ${table} (${u.kind}), not named`);
  return found.sort();
}

test('every module names only its own tables, besides the listed read models and exceptions', () => {
  expect(violations(ROOT, TABLE_OWNERS, CROSS_MODULE_USES)).toEqual([]);
});

test('every owner is a module, backend/src/jobs or backend/src/shared', () => {
  const modules = new Set(readdirSync(path.join(ROOT, 'backend/src/modules')));
  expect(Object.values(TABLE_OWNERS).filter((m) => !modules.has(m) && m !== 'jobs' && m !== 'shared')).toEqual([]);
});

describe('a copy of the tree with planted violations', () => {
  let copy: string;
  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'table-owners-'));
    cpSync(path.join(ROOT, 'backend/src/modules'), path.join(copy, 'backend/src/modules'), { recursive: true });
    cpSync(path.join(ROOT, 'db/src/tables.ts'), path.join(copy, 'db/src/tables.ts'));
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));
  const at = (file: string) => path.join(copy, 'backend/src/modules', file);

  test('a repository writing another module’s table, in Knex or in SQL, is reported; a comment is not', () => {
    appendFileSync(
      at('orders/orders.repository.ts'),
      [
        '',
        "// Not db('memberships'), nor UPDATE reminders: a comment naming them.",
        "export const planted = (db: Knex) => db('clients').update({ nombre: 'x' });",
        "export const plantedSql = (db: Knex) => db.raw('UPDATE membership_payments SET amount_centavos = 0');",
        '',
      ].join('\n'),
    );
    writeFileSync(at('classes/planted.ts'), "export const t = { c: 'plans' };\n");
    expect(violations(copy, TABLE_OWNERS, CROSS_MODULE_USES)).toEqual([
      "classes/planted.ts: plans is the plans module's",
      "orders/orders.repository.ts: clients is the clients module's",
      "orders/orders.repository.ts: membership_payments is the memberships module's",
    ]);
  });

  test('a table with no owner, and a listed use the code no longer has, are reported', () => {
    const { plans: _plans, ...owners } = TABLE_OWNERS;
    const stale = [
      ...CROSS_MODULE_USES,
      { file: 'shifts/shifts.service.ts', tables: ['plans'], kind: 'read model' as const, why: '' },
    ];
    const found = violations(copy, owners, stale);
    expect(found).toContain('plans/plans.repository.ts: plans has no owner in table-owners.ts');
    expect(found).toContain('shifts/shifts.service.ts: listed for plans (read model), not named');
  });
});
