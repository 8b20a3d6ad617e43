import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { settingsSchema } from './config';
import { COMPOSE_SETTINGS, CONFIG_DOCS_PATH, REGENERATE, renderConfigDocs } from './config-docs';

const ROOT = path.resolve(__dirname, '../..');
const schemaNames = Object.keys(settingsSchema.fields);
const composeNames = COMPOSE_SETTINGS.map((s) => s.name);
const known = new Set([...schemaNames, ...composeNames]);

test('docs/configuration.md is what the settings schema generates', () => {
  const written = existsSync(CONFIG_DOCS_PATH) ? readFileSync(CONFIG_DOCS_PATH, 'utf8') : '';
  const drift = written === renderConfigDocs() ? '' : `docs/configuration.md is out of date: run ${REGENERATE}`;
  expect(drift).toBe('');
});

test('every setting of the schema has a description, and shows up in the docs', () => {
  const docs = renderConfigDocs();
  for (const name of [...schemaNames, ...composeNames]) expect(docs).toContain(`| \`${name}\` |`);
  expect(new Set(composeNames).size).toBe(composeNames.length);
  expect(schemaNames.filter((name) => composeNames.includes(name))).toEqual([]);
});

test('every variable of .env.example is a setting of the schema or of the compose', () => {
  const names = readFileSync(path.join(ROOT, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
  expect(names.length).toBeGreaterThan(20);
  expect(names.filter((name) => !known.has(name))).toEqual([]);
});

test("every variable README's Configuration section names is a setting of the schema or of the compose", () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = /^## Configuration\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  const names = [...section.matchAll(/`([A-Z][A-Z0-9_]*[A-Z0-9])`/g)].map((m) => m[1]!);
  if (!section.includes('docs/configuration.md')) expect(names.length).toBeGreaterThan(40);
  expect(names.filter((name) => !known.has(name))).toEqual([]);
});
