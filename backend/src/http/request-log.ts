import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { unescape } from 'node:querystring';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

declare module 'http' {
  interface IncomingMessage {
    id: string;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const READS = new Set(['GET', 'HEAD']);

export interface RequestLogOptions {
  /** Level of a successful read (GET/HEAD under 400, faster than slowMs): 'debug' keeps them out of production logs. */
  readLevel: 'info' | 'debug';
  slowMs: number;
  /** Reads refused with 429 past the first in this window are counted, and logged as one line when it ends. */
  refusedWindowMs?: number;
}

/**
 * A flood of refused reads (a search bound's 429s) would cost a log line each, on the thread that
 * refuses them: the first of a window is logged in full, the rest as one count when it ends.
 */
function refusedReads(logger: Logger, windowMs: number) {
  let counted = 0;
  let timer: NodeJS.Timeout | undefined;
  return (): boolean => {
    if (timer) {
      counted += 1;
      return true;
    }
    timer = setTimeout(() => {
      if (counted > 0) logger.warn({ refused: counted, windowMs }, 'more reads refused (429)');
      counted = 0;
      timer = undefined;
    }, windowMs);
    timer.unref();
    return false;
  };
}

/** Query parameters whose value is a secret: the buyer's order link (`t`), tokens, codes, passwords, keys. */
const SECRET_PARAM = /^(t|token|code|codigo|password|contrase(n|ñ)a|key)$/i;

/**
 * Whether a parameter's name, decoded, names a secret in any form a query parser reads: `t`, `t[]`,
 * `t[0]`, `[t]`, `a[t]`, `t.x` (and their %-escaped spellings, `t%5B%5D`). Each part between
 * brackets or dots is a name of its own; hiding a harmless one too costs nothing.
 */
function secretName(name: string): boolean {
  // Leniently, as the query parsers do: a malformed escape elsewhere does not keep `%74` from reading "t".
  const decoded = unescape(name.replace(/\+/g, ' '));
  return decoded.split(/[[\].]/).some((part) => SECRET_PARAM.test(part.trim()));
}

/** The URL as logged: each secret parameter's value replaced, the rest as the client sent it. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return secretName(name) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, mark)}?${query.join('&')}`;
}

/** The request as logged. Express rewrites req.url inside mounted routers; originalUrl is what the client asked for. */
export const describeRequest = (req: IncomingMessage & { originalUrl?: string }) => ({
  id: req.id,
  method: req.method,
  url: redactUrl(req.originalUrl ?? req.url ?? ''),
  remoteAddress: req.socket.remoteAddress,
});

/**
 * A request id on every request (X-Request-Id, kept from a proxy when well-formed) and one log line
 * per answer, in pino-http's shape ({ req, res, responseTime }); nothing is built for a read below
 * the logger's level.
 */
export function requestLog(logger: Logger, options: RequestLogOptions): RequestHandler {
  const countRefused = refusedReads(logger, options.refusedWindowMs ?? 10_000);
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const responseTime = Number((process.hrtime.bigint() - started) / 1_000_000n);
      const status = res.statusCode;
      const aborted = !res.writableFinished;
      const read = READS.has(req.method) && !aborted;
      if (read && status === 429 && countRefused()) return;
      const quiet = read && status < 400 && responseTime < options.slowMs;
      const level = aborted || status >= 500 ? 'error' : quiet ? options.readLevel : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        { req: describeRequest(req), res: { statusCode: status }, responseTime },
        aborted ? 'request aborted' : 'request completed',
      );
    });
    next();
  };
}
