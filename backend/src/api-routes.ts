import knex from 'knex';
import pino from 'pino';
import type { Action } from '@gym/contracts/roles';
import { createApp } from './app';
import { loadConfig } from './config';
import { declaredRoutes, type DeclaredRoute } from './http/route-access';

/**
 * Every route of the API with who may call it, read from the routes' own declarations
 * (`allow(…)`, `open()`, `member()`, http/route-access.ts) by walking Express's router. The app
 * is built with every optional module on (Mercado Pago configured) and never serves: its database
 * pool is closed before it is ever used.
 */
function walk(): DeclaredRoute[] {
  const db = knex({ client: 'pg' });
  const app = createApp({
    db,
    logger: pino({ level: 'silent' }),
    config: loadConfig({
      NODE_ENV: 'test',
      STATIC_DIR: '/nonexistent',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-route-walk',
      MERCADOPAGO_WEBHOOK_SECRET: 'route-walk',
    }),
  });
  void db.destroy();
  return declaredRoutes(app);
}

export const API_ROUTES: readonly DeclaredRoute[] = walk();

const keysWhere = (test: (route: DeclaredRoute) => boolean) =>
  new Set(API_ROUTES.filter(test).map((r) => `${r.method} ${r.path}`));

/** Every staff route and the action (of the role table in contracts/src/roles.ts) it declares. */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Action>> = Object.fromEntries(
  API_ROUTES.flatMap((r) =>
    r.declaration?.access.kind === 'staff' ? [[`${r.method} ${r.path}`, r.declaration.access.action]] : [],
  ),
);

/** The members' portal: a member session (its own cookie) opens them, a staff session never does. */
export const MEMBER_ROUTES = keysWhere((r) => r.declaration?.access.kind === 'member');

/** Open to anyone, proven by a signature instead of a session (401 when it does not hold). */
export const SIGNED_ROUTES = keysWhere((r) => r.declaration?.access.kind === 'public' && !!r.declaration.access.signed);

/** Routes open to a visitor with a secret (the buyer's order link) and to staff by permission. */
export const TOKEN_OR_STAFF_ROUTES = keysWhere(
  (r) => r.declaration?.access.kind === 'staff' && !!r.declaration.access.orToken,
);

/**
 * Routes that change something but are not a staff change (`open({ unaudited: true })`): sign-in
 * itself (recorded as login events), a buyer's order (the order row keeps who bought and when),
 * and Mercado Pago's (audited with the provider as actor).
 */
export const UNAUDITED_WRITES = keysWhere(
  (r) => r.declaration?.access.kind === 'public' && !!r.declaration.access.unaudited,
);
