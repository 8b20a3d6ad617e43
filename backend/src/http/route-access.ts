import type { Express, RequestHandler, Router } from 'express';
import type { Action } from '@gym/contracts/roles';

/**
 * How a route says who may call it, on the route itself:
 *
 *     .post('/agregarplan', requireStaff, allow('planes.editar', { input: '{…}', notes: '…' }), c.create)
 *     .get('/products', open({ notes: '…' }), c.list)
 *     .get('/socio/yo', requireMember, member({ notes: '…' }), c.portal)
 *
 * The declaration is a middleware that only passes on; the staff guard (auth.ts) reads the action
 * from the route it is running in, so a staff route without `allow(…)` is refused to every role.
 * `declaredRoutes(app)` walks Express's router and lists every route with its declaration: the
 * permission table, the role matrix, docs/api.md and docs/roles.md (route-docs.ts) are made from it.
 */

/** What docs/api.md says of a route, next to its declaration. */
export interface RouteDoc {
  /** What the request carries beyond the path: `{idPlan, nombrePlan}`, `?dia=aaaa-mm-dd`. */
  input?: string;
  /** Who may call it, when the access alone does not say it (`the buyer (the order's token)`). */
  who?: string;
  /** What it answers and does. Consecutive routes with the same notes share one row of the table. */
  notes?: string;
}

export type Access =
  /** A staff session whose role may do `action`; `orToken`: also the buyer, with the order's secret token. */
  | { kind: 'staff'; action: Action; orToken?: boolean }
  /** Anyone; `signed`: proven by a signature instead (401 when it does not hold); `unaudited`: a write no audit row records. */
  | { kind: 'public'; signed?: boolean; unaudited?: boolean }
  /** The members' portal: a member session (its own cookie), never a staff one. */
  | { kind: 'member' };

export interface Declaration {
  access: Access;
  doc: RouteDoc;
}

const DECLARATION = Symbol('route declaration');
const STAFF_GUARD = Symbol('staff guard');

type Tagged = RequestHandler & { [DECLARATION]?: Declaration; [STAFF_GUARD]?: true };

function declare(declaration: Declaration): RequestHandler {
  const handler: Tagged = (_req, _res, next) => next();
  handler[DECLARATION] = declaration;
  return handler;
}

/** A staff route: the role must be allowed `action` (contracts/src/roles.ts). */
export function allow(action: Action, doc: RouteDoc & { orToken?: true } = {}): RequestHandler {
  const { orToken, ...rest } = doc;
  return declare({ access: { kind: 'staff', action, ...(orToken && { orToken }) }, doc: rest });
}

/** A public route. */
export function open(doc: RouteDoc & { signed?: true; unaudited?: true } = {}): RequestHandler {
  const { signed, unaudited, ...rest } = doc;
  return declare({ access: { kind: 'public', ...(signed && { signed }), ...(unaudited && { unaudited }) }, doc: rest });
}

/** A route of the members' portal (behind the member guard). */
export function member(doc: RouteDoc = {}): RequestHandler {
  return declare({ access: { kind: 'member' }, doc });
}

/** Marks the staff session guard, so the walker can tell a staff route that declares no permission. */
export function staffGuard(handler: RequestHandler): RequestHandler {
  (handler as Tagged)[STAFF_GUARD] = true;
  return handler;
}

interface Layer {
  handle?: unknown;
  /** Lower case, on the handlers of a route; `HEAD` is served by the `get` ones. */
  method?: string;
}

const handles = (stack: readonly Layer[] | undefined, method: string) => {
  const wanted = method.toLowerCase() === 'head' ? ['head', 'get'] : [method.toLowerCase()];
  return (stack ?? [])
    .filter((l) => l.method === undefined || wanted.includes(l.method))
    .map((l) => l.handle as Tagged);
};

/** The declaration among a route's handlers for `method` (Express's `req.route.stack`), if it has one. */
export function declarationOf(stack: readonly Layer[] | undefined, method: string): Declaration | undefined {
  return handles(stack, method).find((handle) => handle[DECLARATION])?.[DECLARATION];
}

export interface DeclaredRoute {
  method: string;
  path: string;
  /** Undefined for a route that declares nothing: `routeProblems` reports it. */
  declaration: Declaration | undefined;
  /** Whether the staff session guard is among its handlers. */
  staffGuard: boolean;
}

interface RouterLayer extends Layer {
  rawPath?: string;
  route?: { path: unknown; methods: Record<string, boolean>; stack: Layer[] };
  handle?: { stack?: RouterLayer[] };
}

/** Every route of an app (or a router), in the order Express matches them, with its full path and declaration. */
export function declaredRoutes(app: Express | Router): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const { route } = layer;
        for (const method of Object.keys(route.methods)) {
          routes.push({
            method: method.toUpperCase(),
            path: prefix + String(route.path),
            declaration: declarationOf(route.stack, method),
            staffGuard: handles(route.stack, method).some((handle) => handle[STAFF_GUARD] === true),
          });
        }
      } else if (layer.handle?.stack) {
        const mount = layer.rawPath && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  const root = (app as unknown as { router?: { stack: RouterLayer[] }; stack?: RouterLayer[] }).router ?? app;
  walk((root as { stack: RouterLayer[] }).stack, '');
  return routes;
}

/**
 * What is wrong with the routes' declarations, one line each: a route that declares nothing, a staff
 * guard without `allow(…)` (refused to every role), `allow(…)` without the staff guard (which would
 * check nothing), the staff guard on a public or member route, a route declared twice.
 */
export function routeProblems(routes: readonly DeclaredRoute[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { method, path, declaration, staffGuard: guarded } of routes) {
    const key = `${method} ${path}`;
    if (seen.has(key)) problems.push(`${key}: registered twice`);
    seen.add(key);
    if (!declaration) {
      problems.push(
        guarded
          ? `${key}: a staff route without allow('<acción>'): every role gets 403`
          : `${key}: declares no access: allow('<acción>'), open() or member()`,
      );
    } else if (declaration.access.kind === 'staff' && !guarded && !declaration.access.orToken) {
      problems.push(`${key}: allow('${declaration.access.action}') without the staff guard checks nothing`);
    } else if (declaration.access.kind !== 'staff' && guarded) {
      problems.push(`${key}: declared ${declaration.access.kind} behind the staff guard`);
    }
  }
  return problems;
}
