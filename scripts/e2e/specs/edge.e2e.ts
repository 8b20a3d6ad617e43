/**
 * The edge as production runs it (nginx/nginx.conf): HTTPS with HSTS, port 80 only redirecting,
 * each security header once on every kind of answer, relative redirects, JSON errors for /v1 in
 * Spanish, and one forwarded address the client cannot choose.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { edgeMessages } from '@gym/contracts/edge';
import { PNG } from 'pngjs';
import { baseURL, E2E_SECRETS } from '../browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const stack = require('../stack') as {
  nginxConfig(workDir: string, tls: object, httpPort: number, ports: { apiPort: number; webPort: number }): string;
  makeCertificate(dir: string): { cert: string; key: string; ca: Buffer };
  freePort(): Promise<number>;
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: string[];
  body: string;
}

const ca = () => fs.readFileSync(path.join(process.env.E2E_WORK_DIR!, 'tls/fullchain.pem'));

function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; ca?: Buffer } = {},
) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca ?? ca(), servername: 'localhost' },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, raw: res.rawHeaders, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** How many times the answer carries a header (rawHeaders alternates name, value). */
const times = (a: Answer, name: string) => a.raw.filter((v, i) => i % 2 === 0 && v.toLowerCase() === name).length;

const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

function expectSecurityHeadersOnce(a: Answer) {
  for (const name of SECURITY_HEADERS) expect([name, times(a, name)]).toEqual([name, 1]);
  expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(a.headers['strict-transport-security']).toBe('max-age=31536000');
  expect(a.headers['content-security-policy']).toContain("default-src 'self'");
}

describe('the edge: TLS, one owner per security header', () => {
  test('the HTTPS site answers with the run certificate; port 80 only redirects to https', async () => {
    expect((await call(`${baseURL()}/healthz`)).status).toBe(200);
    const redirect = await call(`${process.env.E2E_HTTP_URL}/tienda?categoria=equipos`, {
      headers: { Host: 'gimnasio.test' },
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('https://gimnasio.test/tienda?categoria=equipos');
  });

  test('a /v1 answer carries each security header once, with nginx values (none of the API copies)', async () => {
    const a = await call(`${baseURL()}/v1/products?page=1&limit=1`);
    expect(a.status).toBe(200);
    expectSecurityHeadersOnce(a);
    expect(a.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  test('the page, a script bundle and an image keep the CSP and HSTS beside their own Cache-Control', async () => {
    const page = await call(`${baseURL()}/`);
    expectSecurityHeadersOnce(page);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = page.body.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await call(`${baseURL()}${script}`);
    expect(asset.status).toBe(200);
    expectSecurityHeadersOnce(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await call(`${baseURL()}/img/clima/soleado.svg`);
    expect(image.status).toBe(200);
    expectSecurityHeadersOnce(image);
    expect(image.headers['cache-control']).toBe('public, max-age=86400');
  });

  test("an uploaded picture keeps the API's sandbox in front of the site's CSP, and downloads when opened", async () => {
    const site = { origin: baseURL(), 'content-type': 'application/json' };
    const login = await call(`${baseURL()}/v1/user/login`, {
      method: 'POST',
      headers: site,
      body: JSON.stringify({ email: E2E_SECRETS.ADMIN_EMAIL, password: E2E_SECRETS.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
    const png = PNG.sync.write(new PNG({ width: 8, height: 8 }));
    const upload = await call(`${baseURL()}/v1/images`, {
      method: 'POST',
      headers: { ...site, 'content-type': 'image/png', cookie },
      body: png,
    });
    expect(upload.status).toBe(201);

    const picture = await call(`${baseURL()}${(JSON.parse(upload.body) as { url: string }).url}`);
    expect(picture.status).toBe(200);
    expectSecurityHeadersOnce(picture);
    expect(picture.headers['content-security-policy']).toMatch(/^sandbox; default-src 'self'; /);
    expect(picture.headers['content-disposition']).toMatch(/^attachment; filename="foto-/);
    // Only what the API marks: the site's pages and its JSON keep the policy without the sandbox.
    expect((await call(`${baseURL()}/`)).headers['content-security-policy']).toMatch(/^default-src 'self'; /);
  });

  test('redirects nginx makes are relative: a client Host never appears in Location', async () => {
    const a = await call(`${baseURL()}/img`, { headers: { Host: 'evil.example' } });
    expect(a.status).toBe(301);
    expect(a.headers.location).toBe('/img/');
  });

  test('a /v1 body over nginx limit is 413 JSON in Spanish, with the security headers', async () => {
    const a = await call(`${baseURL()}/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(300_000) }),
    });
    expect(a.status).toBe(413);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(a.body)).toEqual({ error: { message: edgeMessages.payloadTooLarge } });
    expectSecurityHeadersOnce(a);
  });
});

describe('the edge in front of a stand-in API: what nginx forwards, and its own 502 and 504', () => {
  let nginx: ChildProcess;
  let upstream: http.Server;
  let web: string;
  const seen: http.IncomingHttpHeaders[] = [];
  let tlsCa: Buffer;

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      if (req.url!.startsWith('/v1/drop')) return void req.socket.destroy();
      if (req.url!.startsWith('/v1/slow')) return; // never answers
      res.writeHead(200, { 'content-type': 'application/json', 'referrer-policy': 'no-referrer' });
      res.end('{}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const workDir = fs.mkdtempSync(path.join(process.env.E2E_WORK_DIR!, 'edge-'));
    const tls = stack.makeCertificate(path.join(workDir, 'tls'));
    tlsCa = tls.ca;
    const webPort = await stack.freePort();
    const conf = stack
      .nginxConfig(workDir, tls, await stack.freePort(), {
        apiPort: (upstream.address() as { port: number }).port,
        webPort,
      })
      .replace('proxy_read_timeout 30s;', 'proxy_read_timeout 1s;');
    expect(conf).toContain('proxy_read_timeout 1s;');
    fs.writeFileSync(path.join(workDir, 'nginx.conf'), conf);
    execFileSync('nginx', ['-t', '-q', '-c', path.join(workDir, 'nginx.conf'), '-p', workDir]);
    nginx = spawn('nginx', ['-c', path.join(workDir, 'nginx.conf'), '-p', workDir, '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    web = `https://127.0.0.1:${webPort}`;
    for (let i = 0; i < 50; i += 1) {
      if (
        await call(`${web}/v1/ok`, { ca: tlsCa }).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((r) => nginx.once('exit', r));
    }
    await new Promise((r) => upstream.close(r));
  });

  test('X-Forwarded-For is the address nginx saw, whatever the client wrote; X-Forwarded-Host is dropped', async () => {
    seen.length = 0;
    const a = await call(`${web}/v1/ok`, {
      ca: tlsCa,
      headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(a.status).toBe(200);
    expect(seen.at(-1)!['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen.at(-1)!['x-forwarded-host']).toBeUndefined();
    expect(seen.at(-1)!['x-forwarded-proto']).toBe('https');
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(times(a, 'referrer-policy')).toBe(1);
  });

  test('an API that drops the connection: 502 JSON in Spanish', async () => {
    const a = await call(`${web}/v1/drop`, { ca: tlsCa });
    expect(a.status).toBe(502);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(a.body)).toEqual({ error: { message: edgeMessages.unavailable } });
    expectSecurityHeadersOnce(a);
  });

  test('searches faster than a person types are 429 JSON in Spanish at the edge; a shopper pace never is', async () => {
    // A flood from one address: past the burst, nginx answers itself.
    const flood = await Promise.all(Array.from({ length: 120 }, (_, i) => call(`${web}/v1/ok?q=x${i}`, { ca: tlsCa })));
    const refused = flood.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(flood.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(JSON.parse(refused[0]!.body)).toEqual({ error: { message: edgeMessages.searchBusy } });
    expectSecurityHeadersOnce(refused[0]!);
    // Reads without a search are not counted: still answered during the flood's refusals.
    expect((await call(`${web}/v1/ok?page=2`, { ca: tlsCa })).status).toBe(200);
    // Once the bucket refills, 20 searches a second (the shop's paced mix) are all answered.
    await new Promise((r) => setTimeout(r, 2500));
    const paced: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      paced.push((await call(`${web}/v1/ok?q=paso${i}`, { ca: tlsCa })).status);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(paced).toEqual(Array(20).fill(200));
  });

  test('an API that does not answer in time: 504 JSON in Spanish', async () => {
    const a = await call(`${web}/v1/slow`, { ca: tlsCa });
    expect(a.status).toBe(504);
    expect(JSON.parse(a.body)).toEqual({ error: { message: edgeMessages.timeout } });
  });
});

describe('the access log (nginx/nginx.conf)', () => {
  test('holds the path of an order link but never its token, in the request line or in the Referer, t[]= too', async () => {
    const secret = 'SECRETO-e2e-0123456789abcdef';
    const order = await call(`${baseURL()}/v1/orders/G-999999?t=${secret}`);
    expect(order.status).toBe(404);
    const page = await call(`${baseURL()}/pedido/G-999999?x=1&token=${secret}`, {
      headers: { Referer: `${baseURL()}/pedido/G-999999?t=${secret}` },
    });
    expect(page.status).toBe(200);
    // The API reads t[]=, t%5B%5D= and %74= as t: the log must not keep them either.
    for (const query of [`t[]=${secret}`, `t%5B%5D=${secret}&page=2`, `x=1&T[0]=${secret}`, `%74=${secret}`])
      await call(`${baseURL()}/v1/orders/G-999998?${query}`);
    await call(`${baseURL()}/v1/orders/G-999997`, { headers: { Referer: `${baseURL()}/pedido/G-1?t[]=${secret}` } });
    await call(`${baseURL()}/v1/products?categoria=all&page=2`);

    // nginx writes a request's line after its answer has gone: wait for the last one.
    const file = path.join(process.env.E2E_WORK_DIR!, 'nginx-access.log');
    for (let i = 0; i < 50 && !fs.readFileSync(file, 'utf8').includes('categoria=all&page=2 HTTP/'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const log = fs.readFileSync(file, 'utf8');
    expect(log).not.toContain(secret);
    expect(log).toContain('"GET /v1/orders/G-999999?[redacted] HTTP/');
    expect(log).toContain('"GET /pedido/G-999999?[redacted] HTTP/');
    expect(log.match(/"GET \/v1\/orders\/G-999998\?\[redacted\] HTTP\//g)).toHaveLength(4);
    expect(log).toContain('"GET /v1/orders/G-999997 HTTP/');
    expect(log).toContain('"GET /v1/products?categoria=all&page=2 HTTP/');
  });
});
