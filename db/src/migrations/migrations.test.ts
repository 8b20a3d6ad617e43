import { readdirSync } from 'node:fs';
import { migrationSource } from '.';
import { FORMER_NAMES } from './former-names';

/** The files of this folder that are not migrations. */
const NOT_MIGRATIONS = /^(index|former-names)\.ts$|\.test\.ts$/;
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.ts$/;

/** What is wrong with a folder of migration files: a name of another shape, or numbers other than 1..N. */
function namingProblems(files: string[]): string[] {
  const problems = files
    .filter((file) => !MIGRATION_FILE.test(file))
    .map((file) => `${file}: not NNNN_snake_case.ts (the next number, then what it does)`);
  const numbers = files
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  numbers.forEach((n, i) => {
    if (n !== i + 1) problems.push(`expected ${String(i + 1).padStart(4, '0')}, found ${String(n).padStart(4, '0')}`);
  });
  return [...new Set(problems)];
}

const files = readdirSync(__dirname).filter((file) => !NOT_MIGRATIONS.test(file));

test('migrations are numbered in the order they run, 0001 to N without a gap, NNNN_snake_case.ts', () => {
  expect(files.length).toBeGreaterThanOrEqual(30);
  expect(namingProblems(files)).toEqual([]);
});

test('the rule fails on a dated name, a gap, a repeated number and a name with capitals', () => {
  expect(namingProblems(['0001_accounts.ts', '0002_products.ts'])).toEqual([]);
  expect(namingProblems(['0001_accounts.ts', '20270105000001_refunds.ts'])).toEqual([
    '20270105000001_refunds.ts: not NNNN_snake_case.ts (the next number, then what it does)',
  ]);
  expect(namingProblems(['0001_accounts.ts', '0003_products.ts'])).toEqual(['expected 0002, found 0003']);
  expect(namingProblems(['0001_accounts.ts', '0001_products.ts'])).toEqual(['expected 0002, found 0001']);
  expect(namingProblems(['0001_Accounts.ts'])).toEqual([
    '0001_Accounts.ts: not NNNN_snake_case.ts (the next number, then what it does)',
  ]);
});

test('the migration source lists every file of the folder, in the order of their numbers', async () => {
  const listed = await migrationSource.getMigrations([]);
  expect(listed).toEqual(files.map((file) => file.replace(/\.ts$/, '')).sort());
});

test('each former, dated name maps to the same migration under its number, in the same run order', async () => {
  const pairs = Object.entries(FORMER_NAMES);
  const strip = (name: string) => name.replace(/^\d+_/, '');
  expect(pairs.filter(([former, name]) => !/^\d{14}_/.test(former) || strip(former) !== strip(name))).toEqual([]);
  // Sorted by the old dates (knex's order then) they are 0001, 0002, …: the rename kept the order.
  const byFormer = [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([, name]) => name);
  const listed = await migrationSource.getMigrations([]);
  expect(byFormer).toEqual(listed.slice(0, pairs.length));
});
