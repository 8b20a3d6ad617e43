import { ACTIONS, PERMISSIONS, ROLES, can, roleLabels, type Action } from '@gym/contracts/roles';
import type { DeclaredRoute } from './route-access';

/** The role × action matrix, written from the role table of contracts/src/roles.ts. */
export function roleMatrixMarkdown(): string {
  const header = `| acción | ${ROLES.map((r) => roleLabels[r]).join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':---:').join('|')}|`;
  const rows = ACTIONS.map(
    (a) => `| ${PERMISSIONS[a].label} (\`${a}\`) | ${ROLES.map((r) => (can(r, a) ? 'sí' : '—')).join(' | ')} |`,
  );
  return [header, rule, ...rows].join('\n');
}

/** The role × route matrix: every staff route, by action, and whether each role may call it. */
export function routeMatrixMarkdown(routes: readonly DeclaredRoute[]): string {
  const staff = routes.flatMap((r) =>
    r.declaration?.access.kind === 'staff'
      ? [{ key: `${r.method} ${r.path}`, action: r.declaration.access.action }]
      : [],
  );
  const order = (action: Action) => ACTIONS.indexOf(action);
  const rows = staff
    .map((route, i) => ({ ...route, i }))
    .sort((a, b) => order(a.action) - order(b.action) || a.i - b.i)
    .map(
      ({ key, action }) =>
        `| \`${key}\` | \`${action}\` | ${ROLES.map((r) => (can(r, action) ? 'sí' : '—')).join(' | ')} |`,
    );
  const header = `| ruta de la API | acción | ${ROLES.map((r) => roleLabels[r]).join(' | ')} |`;
  const rule = `|---|---|${ROLES.map(() => ':---:').join('|')}|`;
  return [header, rule, ...rows].join('\n');
}

/** docs/roles.md's generated section: the role × action matrix, then the role × route matrix. */
export function roleSectionMarkdown(routes: readonly DeclaredRoute[]): string {
  return [roleMatrixMarkdown(), '', routeMatrixMarkdown(routes)].join('\n');
}
