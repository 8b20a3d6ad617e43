import { httpMessages } from '@gym/contracts/messages';

/**
 * What went wrong, in the domain's words. Services, jobs and the CLI throw these; only the HTTP
 * layer knows statuses (`statusOf` in http/error-handler.ts), so a job or a command reads the same
 * error a request does.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'gone'
  | 'conflict'
  | 'too-large'
  | 'too-many'
  | 'upstream'
  | 'unavailable'
  | 'abandoned'
  | 'internal';

export class DomainError extends Error {
  /** More keys of the error body, beside message and fields (an order's refused lines). */
  extra?: Record<string, unknown>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule; `fields` names each field with its message. */
export class ValidationFailed extends DomainError {
  constructor(message: string = httpMessages.invalidData, fields?: Record<string, string>) {
    super('invalid', message, fields);
  }
}

/** Nobody (or nobody valid) is signed in. */
export class Unauthorized extends DomainError {
  constructor(message: string = httpMessages.unauthorized) {
    super('unauthenticated', message);
  }
}

export class Forbidden extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class NotFound extends DomainError {
  constructor(message: string = httpMessages.notFound) {
    super('not-found', message);
  }
}

/** The state forbids it now: a duplicate, a stale version, a full class. */
export class Conflict extends DomainError {
  constructor(message: string, fields?: Record<string, string>) {
    super('conflict', message, fields);
  }
}

export class TooLarge extends DomainError {
  constructor(message: string) {
    super('too-large', message);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too-many', message);
  }
}

/** A service outside the product (mail, Mercado Pago) failed; nothing was changed here. */
export class UpstreamFailed extends DomainError {
  constructor(message: string) {
    super('upstream', message);
  }
}

export class ServiceUnavailable extends DomainError {
  constructor(message: string = httpMessages.databaseDown) {
    super('unavailable', message);
  }
}
