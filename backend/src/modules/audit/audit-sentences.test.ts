import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_KEYS } from '@gym/contracts/audit';

/** Every entity/action pair the API records, read from its `record({ entity, action })` calls. */
function recordedPairs(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.includes('.test.')) files.push(path);
    }
  };
  walk(join(__dirname, '..', '..'));
  const pairs = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/entity: '(\w+)'[\s\S]{0,200}?action(?:: '(\w+)'|[,\s}])/g)) {
      // staff.service passes the action through `change(id, 'cambiar_rol', …)`.
      const actions = m[2] ? [m[2]] : [...source.matchAll(/change\(\s*id,\s*'(\w+)'/g)].map((c) => c[1]);
      for (const action of actions) pairs.add(`${m[1]}.${action}`);
    }
  }
  return [...pairs].sort();
}

// contracts' AUDIT_KEYS types the audit screen's sentence table (frontend/src/features/audit/audit-sentences.ts):
// a listed pair without a sentence does not compile, so each pair the API records reads as a sentence.
test('every entity/action pair the API records reads as a sentence on the audit screen', () => {
  const pairs = recordedPairs();
  expect(pairs.length).toBeGreaterThan(25);
  expect(pairs.filter((p) => !(AUDIT_KEYS as readonly string[]).includes(p))).toEqual([]);
});
