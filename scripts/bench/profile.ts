// `make profile`: where the API's time goes on the shoppers' mix (issue 17). Seeds a throwaway
// PostgreSQL database with N products, starts the production API with --cpu-prof behind the
// browser tests' stack, drives it with autocannon (50 connections, a new random path per request:
// product ids, filtered pages, or both), stops it, and sums the profile's self time by where the
// code lives (our packages, each dependency, Node's internals, GC, idle). Writes
// bench/profile.md and leaves the .cpuprofile in bench/tmp/profile (open it in Chrome DevTools).
//
// Env: DATABASE_URL, PROFILE_SIZE (10000), PROFILE_SECONDS (15), PROFILE_MIX (product,list).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase, ROOT } from './database';
import { loadMix } from './mix';
import { seedBenchProducts } from './seed';

const env = process.env;
const SIZE = Number(env.PROFILE_SIZE || 10000);
const SECONDS = Number(env.PROFILE_SECONDS || 15);
const KINDS = (env.PROFILE_MIX || 'product,list').split(',');
const DIR = path.join(ROOT, 'bench/tmp/profile');
env.E2E_API_PORT ||= '18580';
env.E2E_WEB_PORT ||= '18581';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Where a frame's code lives: a package of node_modules, one of ours, Node itself, or V8's own. */
function place(frame: Node['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName ? `(${functionName})` : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const ours = /\/(backend|contracts|db)\/(?:dist|src)\//.exec(url);
  return ours ? `@gym/${ours[1]}` : url;
}

function summarise(file: string) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; startTime: number; endTime: number };
  const total = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const where = place(n.callFrame);
    byPlace.set(where, (byPlace.get(where) ?? 0) + hits);
    const name = `${n.callFrame.functionName || '(anonymous)'} ${where}:${n.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `| ${k} | ${((100 * v) / total).toFixed(1)} % |`);
  return { byPlace: top(byPlace, 20), byFunction: top(byFunction, 30) };
}

async function main() {
  delete env.DATABASE_URL; // the stack is handed the bench database below
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  const bench = await createBenchDatabase();
  let report: string;
  try {
    const { migrateLatest } = await import('@gym/db');
    await migrateLatest(bench.db);
    await seedBenchProducts(bench.db, SIZE);
    const mix = await loadMix(bench.db);
    const { startStack } = await import('../e2e/stack.js');
    const stack = await startStack({ DATABASE_URL: bench.url }, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${DIR}`] });
    let requests = 0;
    try {
      const pick = () => mix[KINDS[Math.floor(Math.random() * KINDS.length)] as 'product' | 'list']();
      const setupRequest = (req: object) => ({ ...req, path: pick() });
      await autocannon({ url: stack.apiURL, connections: 50, duration: 3, requests: [{ setupRequest }] });
      const r = await autocannon({ url: stack.apiURL, connections: 50, duration: SECONDS, requests: [{ setupRequest }] });
      requests = r.requests.total;
      console.log(`profile: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
    } finally {
      await stack.stop();
    }
    const file = fs.readdirSync(DIR).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(DIR, f))[0];
    if (!file) throw new Error(`no profile in ${DIR}: did the API exit cleanly?`);
    const { byPlace, byFunction } = summarise(file);
    report = [
      `CPU profile of the API (\`node --cpu-prof\`), ${SIZE} products on PostgreSQL, ${SECONDS} s of autocannon at ` +
        `50 connections, each request a new random path (${KINDS.join(' and ')}; scripts/bench/mix.ts), ` +
        `${requests} requests; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Self time, share of samples.`,
      '',
      '| where | self time |',
      '|---|---:|',
      ...byPlace,
      '',
      '| function | self time |',
      '|---|---:|',
      ...byFunction,
      '',
      `Profile: ${path.relative(ROOT, file)}`,
      '',
    ].join('\n');
  } finally {
    await bench.drop();
  }
  fs.writeFileSync(path.join(ROOT, 'bench/profile.md'), report);
  console.log(report);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
