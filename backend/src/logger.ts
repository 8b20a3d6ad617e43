import pino, { type Logger } from 'pino';

/** Paths never written to a log: passwords, codes, cookies, tokens. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.code',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
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
