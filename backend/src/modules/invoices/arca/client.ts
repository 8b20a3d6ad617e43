import { ArcaAlreadyAuthenticated, ArcaError } from './errors';
import type { ArcaClient, ArcaSettings, ArcaTicket, TicketStore } from './types';
import { loginCms } from './wsaa';
import { feCaeSolicitar, feCompConsultar, feCompUltimoAutorizado, feDummy, type Credentials } from './wsfe';

const SERVICE = 'wsfe';
/** A stored ticket this close to its end is renewed rather than used mid-job. */
const RENEW_BEFORE_MS = 10 * 60_000;
const BAD_CREDENTIALS = new Set([600, 601]);

/**
 * Our client of ARCA's WSAA and WSFEv1 (issue 44). The ticket lives in `tickets` (the database in
 * production, shared by every replica): WSAA is asked only when none is stored or it is about to end,
 * and refuses while one is valid, so on alreadyAuthenticated the store is read again once.
 */
export function arcaClient(settings: ArcaSettings, tickets: TicketStore): ArcaClient {
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const wsfe = { url: settings.wsfeUrl, timeoutMs };
  let inFlight: Promise<ArcaTicket> | null = null;

  async function login(): Promise<ArcaTicket> {
    try {
      const ticket = await loginCms({ ...settings, timeoutMs }, SERVICE);
      await tickets.save(SERVICE, ticket);
      return ticket;
    } catch (err) {
      if (!(err instanceof ArcaAlreadyAuthenticated)) throw err;
      const saved = await tickets.read(SERVICE);
      if (saved && saved.expiresAt.getTime() > Date.now()) return saved;
      throw err;
    }
  }

  async function credentials(renew = false): Promise<Credentials> {
    const stored = renew ? null : await tickets.read(SERVICE);
    const ticket =
      stored && stored.expiresAt.getTime() - Date.now() > RENEW_BEFORE_MS
        ? stored
        : await (inFlight ??= login().finally(() => (inFlight = null)));
    return { ...ticket, cuit: settings.cuit.replace(/\D/g, '') };
  }

  /** The call with the stored ticket; once more with a new one when WSFE no longer accepts it (600/601). */
  async function withTicket<T>(run: (c: Credentials) => Promise<T>): Promise<T> {
    try {
      return await run(await credentials());
    } catch (err) {
      if (!(err instanceof ArcaError) || !err.errors.some((e) => BAD_CREDENTIALS.has(e.code))) throw err;
      return run(await credentials(true));
    }
  }

  return {
    dummy: () => feDummy(wsfe),
    lastAuthorized: (ptoVta, cbteTipo) => withTicket((c) => feCompUltimoAutorizado(wsfe, c, ptoVta, cbteTipo)),
    authorize: (voucher) => withTicket((c) => feCaeSolicitar(wsfe, c, voucher)),
    consult: (ptoVta, cbteTipo, number) => withTicket((c) => feCompConsultar(wsfe, c, ptoVta, cbteTipo, number)),
  };
}
