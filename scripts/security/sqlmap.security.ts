import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  SOAK_SECRETS,
  staffCookie,
  startApi,
  startOwnPostgres,
  type OwnPostgres,
  type RunningApi,
} from '../soak/support';

/**
 * A bounded sqlmap run (boolean, error, union, stacked and time-based techniques, level 2, risk 1)
 * against the login and the catalogue filters of the built API on PostgreSQL. The login throttle
 * is raised for the run, or sqlmap would only ever see 429. Any injectable parameter fails the test.
 */
const COMMON = [
  '--batch',
  '--level=2',
  '--risk=1',
  '--technique=BEUST',
  '--time-sec=2',
  '--dbms=PostgreSQL',
  '--timeout=10',
  '--retries=1',
  '--threads=1',
  '--flush-session',
  '--disable-coloring',
  '--skip-waf',
];

let postgres: OwnPostgres;
let api: RunningApi;
let outputDir: string;
beforeAll(async () => {
  postgres = await startOwnPostgres();
  api = await startApi({ DATABASE_URL: postgres.url, LOGIN_MAX_FAILURES: '1000000' });
  outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-sqlmap-'));
}, 120_000);
afterAll(async () => {
  await api?.stop();
  postgres?.destroy();
  if (outputDir) fs.rmSync(outputDir, { recursive: true, force: true });
});

function sqlmap(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', [...COMMON, `--output-dir=${outputDir}`, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.on('error', (err) => reject(new Error(`sqlmap did not start (apt-get install sqlmap): ${err.message}`)));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The verdict from sqlmap's own words: a found injection point, or every named parameter tested and clean. */
function expectNothingFound(output: string, parameters: string[]) {
  if (process.env.SQLMAP_LOG) fs.appendFileSync(process.env.SQLMAP_LOG, output);
  const found = output.match(/identified the following injection point|Parameter: .+\(.+\)\n\s+Type:|is vulnerable/g);
  if (found) throw new Error(`sqlmap reports an injection:\n${output.slice(-4000)}`);
  for (const parameter of parameters) expect(output).toMatch(new RegExp(`parameter '(\\w+ )*${parameter}'`, 'i'));
  expect(output).toContain('all tested parameters do not appear to be injectable');
}

test('sqlmap finds no injection in the login (JSON body)', async () => {
  const { output } = await sqlmap([
    `--url=${api.baseURL}/v1/user/login`,
    `--data={"email":"${SOAK_SECRETS.ADMIN_EMAIL}","password":"Incorrecta1"}`,
    '--headers=Content-Type: application/json',
    '-p',
    'email,password',
    '--ignore-code=401',
  ]);
  expectNothingFound(output, ['email', 'password']);
});

// Each base query matches products, so a true and a false condition would answer differently.
test('sqlmap finds no injection in the catalogue filters', async () => {
  const filters = ['categoria', 'talle', 'color', 'precio', 'sort', 'page', 'limit'];
  const query = 'categoria=indumentaria&talle=m&color=negro&precio=1500&sort=nombre&page=1&limit=12';
  const { output } = await sqlmap([`--url=${api.baseURL}/v1/products?${query}`, '-p', filters.join(',')]);
  expectNothingFound(output, filters);
});

test('sqlmap finds no injection in the name search, paged or not, nor in the cover filter', async () => {
  const paged = await sqlmap([`--url=${api.baseURL}/v1/products?q=Botella&page=1&limit=5`, '-p', 'q']);
  expectNothingFound(paged.output, ['q']);
  const whole = await sqlmap([`--url=${api.baseURL}/v1/products?q=Botella&portada=false`, '-p', 'q,portada']);
  expectNothingFound(whole.output, ['q', 'portada']);
});

test('sqlmap finds no injection in the product id', async () => {
  const list = (await (await fetch(`${api.baseURL}/v1/products?limit=1&page=1`)).json()) as {
    products: { _id: string }[];
  };
  const { output } = await sqlmap([`--url=${api.baseURL}/v1/product/${list.products[0]!._id}*`, '--ignore-code=404']);
  expectNothingFound(output, ['#1\\*']);
});

test('sqlmap finds no injection in a staff endpoint, signed in (the client lookup by idUsuario)', async () => {
  const cookie = await staffCookie(api.baseURL);
  const { output } = await sqlmap([
    `--url=${api.baseURL}/v1/obtenerdatausuario`,
    '--data={"idUsuario":"demo-001"}',
    '--headers=Content-Type: application/json',
    `--cookie=${cookie}`,
    '-p',
    'idUsuario',
    '--ignore-code=404',
  ]);
  expectNothingFound(output, ['idUsuario']);
  expect(output).not.toContain('401 (Unauthorized)');
});
