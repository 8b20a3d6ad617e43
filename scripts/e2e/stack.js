// Starts what the browser tests talk to: the built API (node backend/dist/server.js) on a
// fresh database, and nginx serving frontend/dist and proxying /v1 to that API; with `worker`, the
// background jobs in their own process (node backend/dist/worker.js), as compose runs them.
const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');

const ROOT = path.resolve(__dirname, '../..');
const API_PORT = Number(process.env.E2E_API_PORT || 18080);
const WEB_PORT = Number(process.env.E2E_WEB_PORT || 18081);
/** nginx's plain-HTTP port (it only redirects to HTTPS): E2E_HTTP_PORT, or a free one. */
const HTTP_PORT = Number(process.env.E2E_HTTP_PORT || 0);

const E2E_WEATHER_KEY = 'e2e-weather-key';
/** The fake Mercado Pago's port (the browser opens its checkout page) and the run's credentials. */
const MP_PORT = Number(process.env.E2E_MP_PORT || 18082);
const E2E_MERCADOPAGO = { accessToken: 'TEST-e2e-token', webhookSecret: 'e2e-secreto-del-webhook' };

const E2E_SECRETS = {
  STAFF_CODE: 'e2e-codigo',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'E2eAdmin2026',
  MEMBER_QR_SECRET: 'e2e-qr-secret-de-prueba-0123456789',
};

function need(file, hint) {
  if (!fs.existsSync(path.join(ROOT, file))) throw new Error(`${file} is missing: ${hint}`);
}

/** GET status over http or https; https trusts only the run's own certificate (ca). */
function getStatus(url, ca) {
  const client = url.startsWith('https:') ? require('node:https') : require('node:http');
  return new Promise((resolve, reject) => {
    const req = client.get(url, { ca, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function waitFor(url, timeoutMs, ca) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const status = await getStatus(url, ca);
      if (status >= 200 && status < 300) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A weatherapi.com-shaped provider on loopback, so the browser tests never reach the internet. */
function startWeatherStub() {
  const server = require('node:http').createServer((req, res) => {
    const url = new URL(req.url, 'http://stub');
    const ok = url.pathname.endsWith('/current.json') && url.searchParams.get('key') === E2E_WEATHER_KEY;
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? {
              location: { name: 'San Miguel de Tucumán', country: 'Argentina' },
              // served by the site itself (nginx), so the page's CSP allows it and no outside host is asked
              current: {
                temp_c: 28,
                condition: { text: 'Soleado', icon: `https://127.0.0.1:${WEB_PORT}/img/clima/soleado.svg` },
              },
            }
          : { error: { code: 2006, message: 'API key is invalid.' } },
      ),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Where the local SMTP server keeps what it received, inside the stack's workDir. */
const MAIL_FILE = 'mail.jsonl';

/**
 * A local SMTP server (smtp-server) that appends every message it takes to <workDir>/mail.jsonl, one
 * JSON line each (appending, not rewriting one file: the bench's checkout sends thousands).
 */
function startSmtpServer(workDir) {
  const { SMTPServer } = require('smtp-server');
  const file = path.join(workDir, MAIL_FILE);
  fs.writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        };
        fs.appendFile(file, `${JSON.stringify(mail)}\n`, (err) => callback(err ?? undefined));
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // A client gone mid-conversation (the API stopping) is not the stub's failure.
      server.off('error', reject).on('error', () => undefined);
      resolve(server);
    });
  });
}

function psql(url, sql) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  return client
    .connect()
    .then(() => client.query(sql))
    .finally(() => client.end());
}

async function createDatabase() {
  const server = process.env.DATABASE_URL;
  if (!server) return { env: {}, drop: async () => {} };
  const name = `gym_e2e_${crypto.randomBytes(4).toString('hex')}`;
  await psql(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => psql(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A self-signed certificate for 127.0.0.1 and localhost, made for this run (openssl). */
function makeCertificate(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const cert = path.join(dir, 'fullchain.pem');
  const key = path.join(dir, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key, ca: fs.readFileSync(cert) };
}

function freePort() {
  const net = require('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether this machine's nginx knows the `http2` directive (1.25.1 and later). */
function http2Directive() {
  const version = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(spawnSync('nginx', ['-v'], { encoding: 'utf8' }).stderr ?? '');
  if (!version) return true;
  const [major, minor, patch] = version.slice(1).map(Number);
  return major > 1 || minor > 25 || (minor === 25 && patch >= 1);
}

/** nginx/nginx.conf with the "e2e:" lines pointed at loopback: the API, the ports, the certificate, the bundle. */
function nginxConfig(workDir, tls, httpPort, { apiPort = API_PORT, webPort = WEB_PORT } = {}) {
  const source = fs.readFileSync(path.join(ROOT, 'nginx/nginx.conf'), 'utf8');
  const http2 = http2Directive();
  return (
    source
      .replace(/server api:8080 resolve; # e2e: upstream/, `server 127.0.0.1:${apiPort};`)
      // nginx before 1.25.1 (Debian 12's) turns HTTP/2 on in the listen line instead.
      .replace(/listen 8443 ssl; # e2e: listen/, `listen 127.0.0.1:${webPort} ssl${http2 ? '' : ' http2'};`)
      .replace(/http2 on; # e2e: http2/, http2 ? 'http2 on;' : '')
      .replace(/listen 8080; # e2e: listen-http/, `listen 127.0.0.1:${httpPort};`)
      .replace(/ssl_certificate \/etc\/nginx\/tls\/fullchain.pem; # e2e: cert/, `ssl_certificate ${tls.cert};`)
      .replace(/ssl_certificate_key \/etc\/nginx\/tls\/privkey.pem; # e2e: key/, `ssl_certificate_key ${tls.key};`)
      .replace(/root \/var\/www\/acme; # e2e: acme/, `root ${path.join(workDir, 'acme')};`)
      .replace(/root \/usr\/share\/nginx\/html; # e2e: root/, `root ${path.join(ROOT, 'frontend/dist')};`)
      .replace(/pid \/tmp\/nginx.pid;/, `pid ${workDir}/nginx.pid;`)
      .replace(/error_log \/dev\/stderr warn;/, `error_log ${workDir}/nginx-error.log warn;`)
      .replace(/access_log \/dev\/stdout redacted;/, `access_log ${workDir}/nginx-access.log redacted;`)
      .replace(/\/tmp\/nginx-/g, `${workDir}/nginx-`)
  );
}

/** The API image's NODE_OPTIONS (Dockerfile), so tests and the bench run node as production does. */
function productionNodeOptions() {
  const found = /^ENV .*\bNODE_OPTIONS=(\S+)/m.exec(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  if (!found) throw new Error('Dockerfile: the api stage sets no NODE_OPTIONS');
  return found[1];
}

/**
 * `nodeArgs`: flags for the API's node (the profile's --cpu-prof, which NODE_OPTIONS refuses).
 * `mercadoPago`: the browser tests' fake provider (scripts/fake-mercadopago, TypeScript: only under
 * a runner that compiles it, as Jest's setup does), the API pointed at it and reconciling at once.
 * `arca`: the fake ARCA (scripts/fake-arca, TypeScript too) with its test certificate: invoicing
 * on, every payment's Factura C authorised by the job.
 * `whatsapp`: the fake WhatsApp Cloud API (scripts/fake-whatsapp), its signed statuses posted to the
 * API's webhook.
 * `worker`: as production runs them, the background jobs in a process of their own (worker.js, its
 * output in <workDir>/worker.log) and none in the API (RUN_JOBS=false). PostgreSQL only (DATABASE_URL,
 * in the environment or in `extraEnv`): the worker refuses the embedded database.
 */
async function startStack(
  extraEnv = {},
  { nodeArgs = [], mercadoPago = false, arca = false, whatsapp = false, worker = false } = {},
) {
  need('frontend/dist/index.html', 'run `npm run build` first (make e2e does)');
  need('backend/dist/server.js', 'run `npm run build` first (make e2e does)');
  if (worker && !(extraEnv.DATABASE_URL || process.env.DATABASE_URL))
    throw new Error('startStack({ worker: true }) needs PostgreSQL: set DATABASE_URL (PGlite is one process)');
  if (worker) need('backend/dist/worker.js', 'run `npm run build` first (make e2e does)');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-e2e-'));
  fs.chmodSync(workDir, 0o755);
  const database = await createDatabase();
  const weather = await startWeatherStub();
  const smtp = await startSmtpServer(workDir);
  const apiLog = fs.openSync(path.join(workDir, 'api.log'), 'a');
  const tls = makeCertificate(path.join(workDir, 'tls'));
  const httpPort = HTTP_PORT || (await freePort());
  const fakeMp = mercadoPago
    ? await require('../fake-mercadopago/server').startFakeMercadoPago({
        ...E2E_MERCADOPAGO,
        port: MP_PORT,
        ca: tls.ca,
        // The account's webhook (Suscripciones notify there, not to a per-payment URL), through nginx.
        webhookUrl: `https://127.0.0.1:${WEB_PORT}/v1/pagos/mercadopago/webhook`,
      })
    : undefined;
  const arcaFake = arca ? require('../fake-arca/server') : undefined;
  const fakeArca = arcaFake ? await arcaFake.startFakeArca() : undefined;
  const arcaEnv = fakeArca
    ? {
        ARCA_WSAA_URL: fakeArca.wsaaUrl,
        ARCA_WSFE_URL: fakeArca.wsfeUrl,
        ARCA_CUIT: arcaFake.TEST_CUIT,
        ARCA_PTO_VTA: '3',
        ARCA_CERT: path.join(arcaFake.TEST_CA_DIR, 'gym-test.crt'),
        ARCA_KEY: path.join(arcaFake.TEST_CA_DIR, 'gym-test.key'),
      }
    : {};
  const waFake = whatsapp ? require('../fake-whatsapp/server') : undefined;
  const fakeWa = waFake
    ? await waFake.startFakeWhatsapp({
        ...waFake.DEV_WHATSAPP,
        webhookUrl: `http://127.0.0.1:${API_PORT}/v1/whatsapp/webhook`,
      })
    : undefined;
  const waEnv = fakeWa
    ? {
        WHATSAPP_API_URL: fakeWa.apiUrl,
        WHATSAPP_TOKEN: waFake.DEV_WHATSAPP.token,
        WHATSAPP_PHONE_NUMBER_ID: waFake.DEV_WHATSAPP.phoneNumberId,
        WHATSAPP_APP_SECRET: waFake.DEV_WHATSAPP.appSecret,
        WHATSAPP_VERIFY_TOKEN: waFake.DEV_WHATSAPP.verifyToken,
      }
    : {};
  const stopFakes = async () => {
    await fakeMp?.stop();
    await fakeArca?.stop();
    await fakeWa?.close();
  };
  const mpEnv = fakeMp
    ? {
        MERCADOPAGO_API_URL: fakeMp.url,
        MERCADOPAGO_ACCESS_TOKEN: E2E_MERCADOPAGO.accessToken,
        MERCADOPAGO_WEBHOOK_SECRET: E2E_MERCADOPAGO.webhookSecret,
        MERCADOPAGO_RECONCILE_MINUTES: '0',
      }
    : {};
  // As in production: the schema is its own step (migrate.js), then the API, which only checks it.
  const migrateEnv = { PATH: process.env.PATH, DATA_DIR: path.join(workDir, 'data'), ...database.env, ...extraEnv };
  try {
    execFileSync(process.execPath, ['backend/dist/migrate.js', 'latest'], {
      cwd: ROOT,
      env: migrateEnv,
      stdio: ['ignore', apiLog, apiLog],
    });
  } catch (err) {
    await new Promise((r) => weather.close(r));
    await new Promise((r) => smtp.close(r));
    await stopFakes();
    await database.drop().catch(() => {});
    throw new Error(`migrate.js failed: see ${workDir}/api.log (${err.message})`, { cause: err });
  }
  const apiEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    NODE_OPTIONS: productionNodeOptions(),
    PORT: String(API_PORT),
    DATA_DIR: path.join(workDir, 'data'),
    STATIC_DIR: path.join(workDir, 'no-static'),
    PASSWORD_HASH_LOG_N: '14',
    COOKIE_SECURE: 'true',
    SEED_DEMO: 'true',
    ...E2E_SECRETS,
    ...database.env,
    WEATHER_API_URL: `http://127.0.0.1:${weather.address().port}`,
    WEATHER_API_KEY: E2E_WEATHER_KEY,
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    SITE_URL: `https://127.0.0.1:${WEB_PORT}`,
    ...mpEnv,
    ...arcaEnv,
    ...waEnv,
    ...extraEnv,
    // The worker's liveness port: a free one, never the default another stack may hold.
    ...(worker ? { RUN_JOBS: 'false', WORKER_HEALTH_PORT: String(await freePort()) } : {}),
  };
  const api = spawn(process.execPath, [...nodeArgs, 'backend/dist/server.js'], {
    cwd: ROOT,
    env: apiEnv,
    stdio: ['ignore', apiLog, apiLog],
  });
  let nginx;
  let jobs;
  // A failed start (port taken, nginx missing) leaves nothing running behind it.
  const abandon = async (err) => {
    for (const p of [nginx, jobs, api]) if (p && p.exitCode === null) p.kill('SIGTERM');
    await stopFakes();
    await new Promise((r) => weather.close(r));
    await new Promise((r) => smtp.close(r));
    await database.drop().catch(() => {});
    throw err;
  };
  const apiExited = new Promise((_, reject) =>
    api.once('exit', (code) => reject(new Error(`the API exited (${code}) at start: see ${workDir}/api.log`))),
  );
  apiExited.catch(() => {});
  try {
    await Promise.race([waitFor(`http://127.0.0.1:${API_PORT}/readyz`, 60_000), apiExited]);
    if (worker) {
      // After the API: its first start seeds the database the jobs then read, as compose's worker finds it.
      const workerLog = fs.openSync(path.join(workDir, 'worker.log'), 'a');
      jobs = spawn(process.execPath, ['backend/dist/worker.js'], {
        cwd: ROOT,
        env: apiEnv,
        stdio: ['ignore', workerLog, workerLog],
      });
      const workerExited = new Promise((_, reject) =>
        jobs.once('exit', (code) =>
          reject(new Error(`the worker exited (${code}) at start: see ${workDir}/worker.log`)),
        ),
      );
      workerExited.catch(() => {});
      await Promise.race([waitFor(`http://127.0.0.1:${apiEnv.WORKER_HEALTH_PORT}/healthz`, 30_000), workerExited]);
    }
    const confFile = path.join(workDir, 'nginx.conf');
    fs.writeFileSync(confFile, nginxConfig(workDir, tls, httpPort));
    execFileSync('nginx', ['-t', '-q', '-c', confFile, '-p', workDir], { stdio: 'inherit' });
    nginx = spawn('nginx', ['-c', confFile, '-p', workDir, '-g', 'daemon off;'], { stdio: 'inherit' });
    await waitFor(`https://127.0.0.1:${WEB_PORT}/healthz`, 20_000, tls.ca);
  } catch (err) {
    await abandon(err);
  }

  return {
    baseURL: `https://127.0.0.1:${WEB_PORT}`,
    /** nginx's plain-HTTP listener, which only redirects to HTTPS. */
    httpURL: `http://127.0.0.1:${httpPort}`,
    /** The run's self-signed certificate (PEM), for clients that check it. */
    ca: tls.ca,
    apiURL: `http://127.0.0.1:${API_PORT}`,
    /** The fake Mercado Pago (with `mercadoPago`): its URL, for the tests' controls. */
    mercadoPagoURL: fakeMp?.url,
    /** The fake ARCA (with `arca`): its URL, for the tests' controls. */
    arcaURL: fakeArca?.url,
    /** The fake WhatsApp (with `whatsapp`): its URL, for the tests' controls. */
    whatsappURL: fakeWa?.url,
    /** The API's environment, for the operator's CLI (`jobs:run`) against the same database. */
    apiEnv,
    /** The API process, for its memory (the bench). */
    apiPid: api.pid,
    /** The worker process (with `worker`). */
    workerPid: jobs?.pid,
    workDir,
    async stop() {
      nginx.kill('SIGQUIT');
      api.kill('SIGTERM');
      jobs?.kill('SIGTERM');
      await Promise.all(
        [nginx, api, jobs].map((p) => (!p || p.exitCode !== null ? null : new Promise((r) => p.once('exit', r)))),
      );
      await database.drop();
      await new Promise((r) => weather.close(r));
      await new Promise((r) => smtp.close(r));
      await stopFakes();
    },
  };
}

module.exports = { startStack, E2E_SECRETS, ROOT, MAIL_FILE, nginxConfig, makeCertificate, freePort };
