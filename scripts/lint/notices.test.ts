// Issue 43 item 8 (docs/decisions/0010-notices-and-dialogs.md): success is said in the live region
// (notify, frontend/src/components/notices.tsx), never in a popup, and nothing closes by itself;
// the one dialog is the native <dialog> of frontend/src/components/dialog.tsx.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'frontend/src');
/** The one file allowed to build a dialog. */
const DIALOG = 'frontend/src/components/dialog.tsx';

const RULES: { name: string; pattern: RegExp; allowedIn?: string }[] = [
  // A popup that says success: SweetAlert2's icon 'success' (Swal.fire, showAlert, confirmAction).
  { name: "a success popup (icon: 'success'): use notify()", pattern: /\bicon\s*:\s*['"`]success['"`]/ },
  // A popup that closes by itself: an option `timer:` in an object literal (not `let timer: …`).
  { name: 'a popup that closes by itself (timer:): use notify()', pattern: /[{,]\s*timer\s*:/ },
  // A hand-made dialog: an element given the dialog role, or aria-modal, instead of <dialog>.
  {
    name: 'a hand-made dialog (role="dialog" / aria-modal): use Modal or Offcanvas',
    pattern: /role\s*=\s*\{?\s*['"]dialog['"]|aria-modal/,
    allowedIn: DIALOG,
  },
];

/** Every violation in one source text, as `file:line: rule`. */
export function noticeViolations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    if (rule.allowedIn === file) continue;
    const global = new RegExp(rule.pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${rule.name}`);
    }
  }
  return found;
}

/** The app's sources: .ts and .tsx under frontend/src, without the tests and their helpers. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || file === path.join(SRC, 'test') ? [] : sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

test('no success popup, no self-closing popup and no hand-made dialog in frontend/src', () => {
  const files = sources(SRC);
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((file) => noticeViolations(path.relative(ROOT, file), fs.readFileSync(file, 'utf8')));
  expect(found).toEqual([]);
});

describe('the rule catches a deliberate violation', () => {
  const FILE = 'frontend/src/features/example/save.tsx';

  test.each([
    ["Swal.fire({ icon: 'success', title: 'Guardado!' })", "icon: 'success'"],
    ['void showAlert({ icon: "success", title: m.saved });', "icon: 'success'"],
    ["await Swal.fire({ titleText: 'Listo', timer: 1500, showConfirmButton: false })", 'timer:'],
    ["showAlert({ icon: 'info', title: m.stepNotDone,\n  timer: NOTICE_MS })", 'timer:'],
    ['<div className="modal" role="dialog" aria-labelledby={id}>', 'hand-made dialog'],
    ['<div className="offcanvas" aria-modal="true">', 'hand-made dialog'],
  ])('%s', (source, rule) => {
    const found = noticeViolations(FILE, source);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(
      rule === "icon: 'success'" ? 'success popup' : rule === 'timer:' ? 'closes by itself' : rule,
    );
  });

  test('and lets the allowed ones be: notify, a confirmation, a timer variable, the one dialog', () => {
    const allowed = [
      "notify(m.saved);\nconst ok = await confirmAction({ icon: 'warning', title: '¿Borrar?', confirmText: 'Si', cancelText: 'No' });",
      'let timer: ReturnType<typeof setInterval> | undefined;',
      "void showAlert({ icon: 'error', title: 'No se pudo completar', text: failure.message });",
    ];
    for (const source of allowed) expect(noticeViolations(FILE, source)).toEqual([]);
    expect(noticeViolations(DIALOG, '<dialog aria-modal="true">')).toEqual([]);
  });
});
