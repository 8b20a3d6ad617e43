import { ACTIONS, roleMatrixMarkdown } from '@gym/contracts';
import { ROUTE_PERMISSIONS } from './route-permissions';

/** The README's role section: the role × action matrix, then the routes each action opens. */
export function roleSectionMarkdown(): string {
  const routes = ACTIONS.map((action) => {
    const keys = Object.keys(ROUTE_PERMISSIONS).filter((key) => ROUTE_PERMISSIONS[key] === action);
    return `| \`${action}\` | ${keys.map((k) => `\`${k}\``).join(', ')} |`;
  });
  return [roleMatrixMarkdown(), '', '| acción | rutas de la API |', '|---|---|', ...routes].join('\n');
}
