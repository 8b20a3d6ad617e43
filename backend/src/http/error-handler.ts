import type { ErrorRequestHandler, RequestHandler } from 'express';
import { httpMessages } from '@gym/contracts/messages';
import { securityMessages } from '@gym/contracts/security-messages';
import type { ApiErrorBody } from '@gym/contracts/errors';
import type { Logger } from 'pino';
import { describeRequest } from './request-log';
import {
  Conflict,
  DomainError,
  NotFound,
  ServiceUnavailable,
  TooLarge,
  TooManyRequests,
  ValidationFailed,
  type ErrorKind,
} from '../shared/errors';

/** The one place a domain error becomes an HTTP status (499: the client closed the connection). */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  gone: 410,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
  abandoned: 499,
  internal: 500,
  upstream: 502,
  unavailable: 503,
};

export const statusOf = (error: DomainError): number => STATUS[error.kind];

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08000',
  '57014',
]);

function isDatabaseUnavailable(err: { code?: string; message?: string; name?: string }): boolean {
  if (err.code && CONNECTION_ERROR_CODES.has(err.code)) return true;
  if (err.name === 'KnexTimeoutError') return true;
  const message = err.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED/i.test(
    message,
  );
}

/** Body-parser, PostgreSQL and connection errors become domain errors first; anything else is a 500. */
export function toAppError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { type?: string; status?: number; code?: string; message?: string; name?: string };
  if (e.type === 'entity.too.large') return new TooLarge(httpMessages.payloadTooLarge);
  if (e.type === 'entity.parse.failed') return new ValidationFailed(httpMessages.malformedJson);
  // A body that does not decompress as its Content-Encoding says (zlib, brotli and, on Node 24, zstd codes, wrapped by the parser).
  if (e.status === 400 && /^(Z_|ZSTD_|ERR__|ERR_ZLIB|ERR_BROTLI|ERR_ZSTD)/.test(e.code ?? '')) {
    return new ValidationFailed(securityMessages.corruptBody);
  }
  if (e.type && e.status && e.status >= 400 && e.status < 500) return new ValidationFailed();
  // The router's "Failed to decode param" for a broken %-escape in the path.
  if (err instanceof URIError && e.status === 400) return new ValidationFailed();
  if (e.code === '23505') return new Conflict(httpMessages.invalidData);
  if (e.code === '23503' || e.code === '23502' || e.code === '23514') return new ValidationFailed();
  // Class 22 "data exception" is always the data sent: a NUL byte (22021), a number or date out of
  // range (22003, 22008), a malformed value (22P02), a too long string (22001)…
  if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return new ValidationFailed();
  // "index row size exceeds maximum": a key too large to index, so too large to be valid.
  if (e.code === '54000') return new ValidationFailed();
  if (isDatabaseUnavailable(e)) return new ServiceUnavailable();
  return undefined;
}

/** Errors become the API's JSON body; an unexpected one (or a 5xx) is logged with the request it failed. */
export const errorHandler =
  (logger: Pick<Logger, 'error'>): ErrorRequestHandler =>
  (err, req, res, _next) => {
    const known = toAppError(err);
    if (!known || statusOf(known) >= 500) logger.error({ err, req: describeRequest(req) }, 'request failed');
    const error = known ?? new DomainError('internal', httpMessages.internal);
    const body: ApiErrorBody = {
      error: { message: error.message, ...(error.fields ? { fields: error.fields } : {}), ...error.extra },
    };
    if (error instanceof TooManyRequests) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (res.headersSent) return;
    res.status(statusOf(error)).json(body);
  };

export const notFoundHandler: RequestHandler = () => {
  throw new NotFound();
};
