import pino, { type Logger } from 'pino';

/** Paths never written to a log: passwords, codes, cookies, tokens. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.confirmPassword',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.token_hash',
  '*.staffCode',
  // The staff code travels as `code` in a body; an error's `code` (a PostgreSQL or system code) stays.
  'body.code',
  'req.body.code',
  '*.body.code',
];

export function createLogger(
  options: { level: string; pretty: boolean },
  destination?: pino.DestinationStream,
): Logger {
  const base: pino.LoggerOptions = { level: options.level, redact: { paths: REDACTED_PATHS, censor: '[oculto]' } };
  if (destination) return pino(base, destination);
  if (options.pretty) return pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true } } });
  return pino(base);
}
