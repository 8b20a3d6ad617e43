// @ts-check
/// <reference lib="webworker" />
/**
 * The members' portal as an installable app (issue 27, part 5). Registered by the portal with
 * scope /socio, so it never sees a staff screen or a shop page. It keeps two things:
 *
 * - the shell (the page and its hashed assets), so /socio opens without a connection;
 * - the member's last state: their own GET /v1/socio/yo and /v1/socio/qr, shown offline with
 *   the time they were saved. Nothing else from /v1 is kept; the copy goes when the member
 *   leaves (Salir), when a link opens a new session, and when the server says the session ended.
 *
 * Plain JavaScript in public/ so it is served as /socio-sw.js, unhashed and outside the bundle.
 */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const SHELL = 'socio-shell-v1';
const STATE = 'socio-estado';
/** On an answer from the copy: when it was saved (ISO). The portal shows it. */
const SAVED_HEADER = 'x-copia-guardada';
const STATE_PATHS = ['/v1/socio/yo', '/v1/socio/qr'];
const SHELL_PAGE = '/socio';

/** @param {string} path */
const isShellFile = (path) =>
  path.startsWith('/assets/') ||
  path.startsWith('/img/') ||
  path === '/favicon.svg' ||
  /^\/socio-app\/[\w-]+\.(png|json)$/.test(path);

sw.addEventListener('install', (event) => {
  event.waitUntil(saveShell().then(() => sw.skipWaiting()));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== STATE).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

/** The page and the assets it names (the entry script, its stylesheet, the preloaded chunks). */
async function saveShell() {
  const page = await fetch(SHELL_PAGE, { cache: 'no-cache' }).catch(() => null);
  if (!page?.ok) return;
  const html = await page.clone().text();
  const cache = await caches.open(SHELL);
  await cache.put(SHELL_PAGE, page);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets).catch(() => undefined);
}

sw.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type === 'guardar' && Array.isArray(data.urls)) event.waitUntil(keepWhatThePageLoaded(data.urls));
  if (data?.type === 'olvidar') event.waitUntil(caches.delete(STATE));
});

/**
 * The page loaded before this worker controlled it: it sends the files it used, and the worker
 * keeps them (dropping assets of an older build) and saves the member's state once.
 * @param {unknown[]} urls
 */
async function keepWhatThePageLoaded(urls) {
  const paths = new Set(
    urls
      .map((u) => new URL(String(u), sw.location.origin))
      .filter((u) => u.origin === sw.location.origin && isShellFile(u.pathname))
      .map((u) => u.pathname),
  );
  const cache = await caches.open(SHELL);
  const page = await cache.match(SHELL_PAGE);
  const named = page ? [...(await page.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]) : [];
  const wanted = new Set([...paths, ...named]);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !wanted.has(path)) await cache.delete(request);
  }
  await Promise.all(
    [...paths].map(async (path) => {
      if (await cache.match(path)) return;
      const res = await fetch(path).catch(() => null);
      if (res?.ok) await cache.put(path, res);
    }),
  );
  await Promise.all(STATE_PATHS.map((path) => fromNetwork(new Request(path), path).catch(() => undefined)));
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(shellPage(request));
  else if (STATE_PATHS.includes(url.pathname)) event.respondWith(memberState(request, url.pathname));
  else if (isShellFile(url.pathname)) event.respondWith(shellFile(request, url.pathname));
});

/**
 * Every /socio page is the same shell: the network's, kept for later; offline, the kept one.
 * @param {Request} request
 */
async function shellPage(request) {
  try {
    const res = await fetch(request);
    if (res.ok) await (await caches.open(SHELL)).put(SHELL_PAGE, res.clone());
    return res;
  } catch (err) {
    const kept = await caches.match(SHELL_PAGE, { cacheName: SHELL });
    if (kept) return kept;
    throw err;
  }
}

/**
 * Hashed assets never change: the kept copy first, else the network's (kept for next time).
 * @param {Request} request
 * @param {string} path
 */
async function shellFile(request, path) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(path);
  if (kept) return kept;
  const res = await fetch(request);
  if (res.ok) await cache.put(path, res.clone());
  return res;
}

/**
 * The network's answer, with the copy saved; a 401 (the session ended) forgets the copy.
 * @param {Request} request
 * @param {string} path
 */
async function fromNetwork(request, path) {
  const res = await fetch(request, { credentials: 'same-origin', cache: 'no-store' });
  if (res.status === 401 || res.status === 403) await caches.delete(STATE);
  else if (res.ok) {
    const headers = new Headers(res.headers);
    headers.set(SAVED_HEADER, new Date().toISOString());
    const body = await res.clone().blob();
    await (await caches.open(STATE)).put(path, new Response(body, { status: 200, headers }));
  }
  return res;
}

/**
 * The member's state: fresh when the network answers; without one (or with the server down),
 * the last copy, marked with when it was saved.
 * @param {Request} request
 * @param {string} path
 */
async function memberState(request, path) {
  try {
    const res = await fromNetwork(request, path);
    if (res.status < 500) return res;
    return (await caches.match(path, { cacheName: STATE })) ?? res;
  } catch (err) {
    const kept = await caches.match(path, { cacheName: STATE });
    if (kept) return kept;
    throw err;
  }
}
