import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * Helmet's headers do not depend on the request (no CSP nonces here): run helmet once against a
 * recording response and set the recorded headers on every answer, without helmet's 13 inner
 * middlewares per request. Same headers, same values.
 */
export function precomputedHeaders(middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void) {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  let ran = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, () => {
    ran = true;
  });
  if (!ran) throw new Error('the header middleware did not call next() synchronously');
  const handler: RequestHandler = (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
  return handler;
}
