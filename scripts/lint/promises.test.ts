// The repository's ESLint configuration, type-aware, on a promise nobody awaits: what `make lint`
// reports. The planted file must lie inside backend/ (the type checker reads it from disk), so it is
// written under a unique name and removed at once.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

test('an async callback where a plain one is expected, and a promise left floating, fail lint', async () => {
  const file = path.join(ROOT, `backend/src/planted-${process.pid}-${Date.now()}.ts`);
  writeFileSync(
    file,
    [
      'export function stop(server: { close(cb: () => void): void }, db: { destroy(): Promise<void> }) {',
      '  server.close(async () => {',
      '    await db.destroy();',
      '  });',
      '  db.destroy();',
      '  void db.destroy();',
      '}',
      '',
    ].join('\n'),
  );
  try {
    const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
    expect(result!.messages.map((m) => `${m.line}: ${m.ruleId}`)).toEqual([
      '2: @typescript-eslint/no-misused-promises',
      '5: @typescript-eslint/no-floating-promises',
    ]);
  } finally {
    rmSync(file, { force: true });
  }
}, 120_000);
