import type { Action } from '@gym/contracts/roles';

/*
 * Who may call each route is declared on the route itself (`allow('<acción>')`, `open()`,
 * `member()`: route-access.ts); backend/src/api-routes.ts lists them all by walking the router.
 */

/**
 * Fields of an answer that only some of the roles a route lets in may read: the rest get the answer
 * without them. The role walk (roles.api.test.ts) asks each route here as each role.
 */
export const FIELD_PERMISSIONS = {
  'GET /v1/clases/clientes/:idUsuario': { dni: 'clases.gestionar' },
} as const satisfies Record<string, Record<string, Action>>;

/** `HEAD` is served by a `GET` route. */
export const routeKey = (method: string, path: string) => `${method === 'HEAD' ? 'GET' : method} ${path}`;
