export interface MockRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown };
type Handler = (request: MockRequest) => Answer | Promise<Answer>;

/** Stubs global fetch (the network boundary): each call is answered by the first route matching "METHOD /path". */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: MockRequest[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`] ?? matchPrefix(routes, call);
    const answer = handler ? await handler(call) : { status: 404, body: { error: { message: 'No encontrado' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}

function matchPrefix(routes: Record<string, Handler>, call: MockRequest): Handler | undefined {
  const key = Object.keys(routes).find(
    (route) => route.endsWith('*') && `${call.method} ${call.path}`.startsWith(route.slice(0, -1)),
  );
  return key ? routes[key] : undefined;
}
