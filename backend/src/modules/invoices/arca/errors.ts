import type { ArcaMessage } from './types';

/**
 * ARCA did not answer, or answered that it is broken (a timeout, a network error, HTTP 5xx, its
 * internal errors 500–502). Nothing is known about the request: ask again later, and after an
 * authorisation ask FECompConsultar first (it may have been issued).
 */
export class ArcaUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArcaUnavailable';
  }
}

/** WSAA refused a new ticket because one is still valid, and the store has none (another replica lost it). */
export class ArcaAlreadyAuthenticated extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArcaAlreadyAuthenticated';
  }
}

/** WSAA refused the login for any other reason (certificate untrusted or expired, not authorised for wsfe, …). */
export class ArcaAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ArcaAuthError';
  }
}

/** WSFE answered a query (not an authorisation) with errors: bad credentials, a punto de venta not enabled, … */
export class ArcaError extends Error {
  constructor(readonly errors: ArcaMessage[]) {
    super(errors.map((e) => `(${e.code}) ${e.msg}`).join('; '));
    this.name = 'ArcaError';
  }
}
