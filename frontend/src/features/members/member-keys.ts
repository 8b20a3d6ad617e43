import type { QueryClient } from '@tanstack/react-query';

/**
 * The members' portal's answers in the shared cache (api/server-state.ts, docs/decisions/0005):
 * `[resource, 'socio', idUsuario, what]`, so one member's answers are never another's, and a
 * change invalidates them by resource like the staff's (`changing`). The account is the one key
 * without an id: it is what says whose the session is. No Query here but a type: the shop's entry
 * imports this feature's index.
 */
export const memberKeys = {
  /** socio/yo: name, plan, state, apto, payments, pauses. */
  account: ['clients', 'socio'] as const,
  /** The latest renewal online: once approved it is one of the account's payments. */
  renewal: (idUsuario: string) => ['clients', 'socio', idUsuario, 'mercadopago'] as const,
  /** The automatic debit of the monthly fee (Mercado Pago Suscripciones). */
  debit: (idUsuario: string) => ['clients', 'socio', idUsuario, 'debito'] as const,
  /** Whether the member accepts the gym's messages by WhatsApp. */
  whatsapp: (idUsuario: string) => ['clients', 'socio', idUsuario, 'whatsapp'] as const,
  /** The transfers' receipts the member uploaded: the desk reviews them among the memberships. */
  transfers: (idUsuario: string) => ['memberships', 'socio', idUsuario, 'comprobantes'] as const,
  /** Mis clases; `null` until the account has said whose the session is (a visit straight to /socio/clases). */
  classes: (idUsuario: string | null) => ['classes', 'socio', idUsuario] as const,
};

/** Every answer the portal keeps, whoever's it is. */
export const isMemberKey = (key: readonly unknown[]) => key[1] === 'socio';

/**
 * How the portal's queries go out, set on the shared client by the portal's pages (idempotent):
 * even when the browser says it is offline, since the service worker answers the account from its
 * copy and a failed fetch says there is no connection (Query would wait for the network instead);
 * and not again on reconnecting, as before (the door's QR asks again by itself).
 */
export function setMemberQueryDefaults(client: QueryClient) {
  for (const resource of ['clients', 'memberships', 'classes'] as const) {
    client.setQueryDefaults([resource, 'socio'], { networkMode: 'always', refetchOnReconnect: false });
  }
}
