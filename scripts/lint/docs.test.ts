// Keeps the README short and every relative link in the README and docs/ pointing at something:
// a file that exists and, for a link with #anchor into a Markdown file, a heading of that file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const README_MAX_LINES = 200;

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** The text without fenced code blocks and inline code, where brackets are not links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Every broken relative link of one Markdown file, as `file: target (why)`. */
function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
    const [where, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = where ? path.resolve(path.dirname(file), decodeURI(where)) : file;
    const name = `${path.relative(ROOT, file)}: ${target}`;
    if (!fs.existsSync(resolved)) broken.push(`${name} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${name} (no such heading)`);
  }
  return broken;
}

const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

test(`README.md stays at most ${README_MAX_LINES} lines: the detail lives in docs/`, () => {
  const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
  expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
});

test('every relative link in README.md and docs/ reaches a file (and its heading)', () => {
  expect(files.length).toBeGreaterThan(10);
  expect(files.flatMap(brokenLinks)).toEqual([]);
});

test('the checker sees a broken link, a missing heading and a good one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
  const file = path.join(dir, 'a.md');
  fs.writeFileSync(path.join(dir, 'b.md'), '# B\n\n## Proven on every change: `make test-compose`\n');
  fs.writeFileSync(
    file,
    '[ok](b.md#proven-on-every-change-make-test-compose) [gone](c.md) [no heading](b.md#nope) `[code](x.md)` [web](https://x.test)\n',
  );
  try {
    expect(brokenLinks(file).map((line) => line.split(': ')[1])).toEqual([
      'c.md (no such file)',
      'b.md#nope (no such heading)',
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});
