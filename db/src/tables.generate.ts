import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDatabase, migrateLatest } from './connection';

export const TABLES_PATH = path.resolve(__dirname, 'tables.ts');
export const REGENERATE = 'npx tsx db/src/tables.generate.ts';

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

/** What each PostgreSQL type reads as, through either driver (numbers.ts makes int8 and numeric numbers). */
const TS_TYPES: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  time: 'string',
  xid8: 'string',
  bool: 'boolean',
  date: 'Date',
  timestamptz: 'Date',
  timestamp: 'Date',
  jsonb: 'unknown',
  json: 'unknown',
  bytea: 'Uint8Array',
};

function tsType(udt: string): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1))}[]`;
  const type = TS_TYPES[udt];
  if (!type) throw new Error(`No TypeScript type for PostgreSQL's ${udt}: add it to TS_TYPES in tables.generate.ts`);
  return type;
}

const pascal = (table: string) => table.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** db/src/tables.ts for the schema of `db`: each table's row as read, as inserted, and Knex's `Tables`. */
export async function renderTables(db: Knex): Promise<string> {
  const { rows } = (await db.raw(`
    SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'knex\\_%'
    ORDER BY c.table_name, c.ordinal_position`)) as { rows: Column[] };
  const tables = new Map<string, Column[]>();
  for (const column of rows) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);

  const out = [
    `// Generated from the migrated schema by \`${REGENERATE}\`: do not edit by hand (tables.test.ts`,
    '// fails when it differs). Each table: its row as read (…Row), as inserted (…Insert: columns with a',
    "// default or NULL allowed are optional, generated ones absent), and Knex's table types (ADR 0011).",
    "import type { Knex } from 'knex';",
    '',
  ];
  for (const [table, columns] of tables) {
    const name = pascal(table);
    const nullable = (c: Column) => (c.is_nullable === 'YES' && tsType(c.udt_name) !== 'unknown' ? ' | null' : '');
    out.push(`/** ${table} */`, `export interface ${name}Row {`);
    for (const c of columns) out.push(`  ${c.column_name}: ${tsType(c.udt_name)}${nullable(c)};`);
    out.push('}', '', `export interface ${name}Insert {`);
    for (const c of columns.filter((c) => c.is_generated !== 'ALWAYS')) {
      const optional = c.is_nullable === 'YES' || c.column_default !== null || c.is_identity === 'YES';
      out.push(`  ${c.column_name}${optional ? '?' : ''}: ${tsType(c.udt_name)}${nullable(c)};`);
    }
    out.push('}', '');
  }
  out.push(
    '/** A table as Knex types it: rows read, inserted, updated. */',
    'type Table<Row, Insert> = Knex.CompositeTableType<Row, Insert, Partial<Insert>>;',
    '',
    "/** For `declare module 'knex/types/tables'` (ADR 0011: on module by module, then for all). */",
    'export interface Tables {',
    ...[...tables.keys()].map((table) => `  ${table}: Table<${pascal(table)}Row, ${pascal(table)}Insert>;`),
    '}',
    '',
  );
  return out.join('\n');
}

/** The schema as a fresh database gets it from the migrations (PGlite in memory). */
export async function renderMigratedTables(): Promise<string> {
  const db = createDatabase({});
  try {
    await migrateLatest(db);
    return await renderTables(db);
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  renderMigratedTables()
    .then((text) => {
      writeFileSync(TABLES_PATH, text);
      console.log(`Wrote ${path.relative(process.cwd(), TABLES_PATH)}`);
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
