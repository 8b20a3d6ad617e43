import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';

/** The API as component tests see it: MSW answers the screens' real fetches at the network layer. */
export const server = setupServer();

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (request: ApiRequest) => Answer | Promise<Answer>;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * The API for one test: each "METHOD /v1/path" (a trailing `*` for any rest of the path) answers
 * with its handler's status (200 unless given), JSON body and headers; any other /v1 path is the API's 404.
 * Replaces the routes an earlier call served. `calls` holds every request, in order.
 */
export function serveApi(routes: Record<string, Handler>) {
  const calls: ApiRequest[] = [];
  const answer =
    (handler?: Handler): HttpResponseResolver =>
    async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const call = {
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        // JSON bodies parsed; anything else (an uploaded file) as the text it carries
        body:
          text && request.headers.get('content-type')?.includes('json')
            ? (JSON.parse(text) as unknown)
            : text || undefined,
        headers: request.headers,
      };
      calls.push(call);
      const {
        status = 200,
        body,
        headers,
      } = handler ? await handler(call) : { status: 404, body: { error: { message: 'No encontrado' } } };
      return body === undefined
        ? new HttpResponse(null, { status, headers })
        : HttpResponse.json(body as never, { status, headers });
    };
  server.resetHandlers(
    ...Object.entries(routes).map(([route, handler]) => {
      const [method, path] = route.split(' ') as [keyof typeof METHODS, string];
      return METHODS[method](path, answer(handler));
    }),
    http.all('/v1/*', answer()),
  );
  return { calls };
}
