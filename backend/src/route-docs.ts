import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSIONS, roleLabels } from '@gym/contracts/roles';
import { API_ROUTES } from './api-routes';
import { roleSectionMarkdown as roleSection } from './http/role-matrix';
import type { DeclaredRoute } from './http/route-access';

/** `npx tsx backend/src/route-docs.ts` writes them; route-docs.test.ts fails when they drift from the routes. */
export const API_DOCS_PATH = path.resolve(__dirname, '../../docs/api.md');
export const ROLES_DOCS_PATH = path.resolve(__dirname, '../../docs/roles.md');
export const REGENERATE = 'npx tsx backend/src/route-docs.ts';

const ROLES_START = '<!-- role-matrix:start -->';
const ROLES_END = '<!-- role-matrix:end -->';

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

function who({ declaration }: DeclaredRoute): string {
  if (!declaration) return '**undeclared**';
  const { access, doc } = declaration;
  if (doc.who) return doc.who;
  if (access.kind === 'public') return 'anyone';
  if (access.kind === 'member') return 'the member (their cookie)';
  const roles = PERMISSIONS[access.action].roles.map((r) => roleLabels[r]).join(', ');
  return `\`${access.action}\` (${roles})`;
}

const endpoint = (route: DeclaredRoute) => {
  const input = route.declaration?.doc.input;
  return `\`${route.method} ${route.path}${input ? `${input.startsWith('?') ? '' : ' '}${input}` : ''}\``;
};

/** docs/api.md as the routes declare it: consecutive routes with the same who and notes share a row. */
export function renderApiDocs(routes: readonly DeclaredRoute[] = API_ROUTES): string {
  const rows: { routes: DeclaredRoute[]; who: string; notes: string }[] = [];
  for (const route of routes) {
    const row = { who: who(route), notes: route.declaration?.doc.notes ?? '' };
    const last = rows.at(-1);
    if (last && last.who === row.who && last.notes === row.notes && row.notes) last.routes.push(route);
    else rows.push({ routes: [route], ...row });
  }
  return [
    '# API',
    '',
    `<!-- Generated from the routes' declarations (backend/src/modules/*/*.routes.ts) by \`${REGENERATE}\`: do not edit by hand. -->`,
    '',
    "Each route says who may call it where it is registered: `allow('<acción>', { input, notes })`",
    'for staff (the actions and their roles: [roles.md](roles.md)), `open(…)` for anyone, `member(…)`',
    "for the members' portal (backend/src/http/route-access.ts). This table is written from those",
    'declarations, in the order the API matches the routes; a test fails when it drifts.',
    '',
    'Money is integer centavos in every table and computation (`precio_centavos`, `total_centavos`,',
    "…; contracts' `money.ts` converts, adds, multiplies and formats); the JSON keeps the spec's",
    "pesos (`precio`, `total`, `subtotal`), except the desk's amounts, named in centavos.",
    '',
    'Every path of SPEC §7 is kept under `/v1`. Errors always answer JSON:',
    '`{ "error": { "message": "<texto>", "fields": { "<campo>": "<texto>" } } }`.',
    '',
    '| endpoint | who | notes |',
    '|---|---|---|',
    ...rows.map((row) => `| ${cell(row.routes.map(endpoint).join(', '))} | ${cell(row.who)} | ${cell(row.notes)} |`),
    '',
  ].join('\n');
}

/** docs/roles.md's generated section (between its role-matrix markers). */
export const roleSectionMarkdown = (routes: readonly DeclaredRoute[] = API_ROUTES) => roleSection(routes);

/** docs/roles.md with its generated section rewritten; the prose around it is kept. */
export function renderRolesDocs(current: string, routes: readonly DeclaredRoute[] = API_ROUTES): string {
  const start = current.indexOf(ROLES_START);
  const end = current.indexOf(ROLES_END);
  if (start < 0 || end < start) throw new Error(`docs/roles.md has lost its ${ROLES_START} … ${ROLES_END} markers`);
  return `${current.slice(0, start)}${ROLES_START}\n${roleSectionMarkdown(routes)}\n${current.slice(end)}`;
}

if (require.main === module) {
  writeFileSync(API_DOCS_PATH, renderApiDocs());
  writeFileSync(ROLES_DOCS_PATH, renderRolesDocs(readFileSync(ROLES_DOCS_PATH, 'utf8')));
  console.log(
    `Wrote ${path.relative(process.cwd(), API_DOCS_PATH)} and ${path.relative(process.cwd(), ROLES_DOCS_PATH)}`,
  );
}
