// Issue 43, item 12: contracts hold only what both sides share. A module of contracts/src that only
// the front end reads (directly, or through other contracts modules) belongs in frontend/src
// (frontend/src/lib/ when several features use it); one only the API reads, in backend/src
// (backend/src/shared/ when several modules use it). Run on the real tree, and on a small tree with
// a planted violation.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Where contracts are read from, and the side each place counts as. */
const SIDES: [dir: string, side: string][] = [
  ['frontend/src', 'frontend'],
  ['backend/src', 'backend'],
  ['db/src', 'db'],
  ['scripts', 'scripts'],
];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (
    (readdirSync(dir, { recursive: true }) as string[])
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => SOURCE.test(f) && !f.split('/').includes('node_modules'))
      .map((f) => path.join(dir, f))
      // This file names contracts modules in its planted trees: it reads none of them.
      .filter((f) => path.resolve(f) !== __filename)
  );
}

/** The contracts modules a file imports: `@gym/contracts/<name>` anywhere (imports, jest.mock). */
const contractsImports = (src: string) => [...src.matchAll(/['"]@gym\/contracts\/([\w-]+)['"]/g)].map((m) => m[1]!);

/** The sibling modules a contracts module imports: `'./<name>'`. */
const siblingImports = (src: string) => [...src.matchAll(/from\s+['"]\.\/([\w-]+)['"]/g)].map((m) => m[1]!);

/**
 * The contracts modules whose readers are all on one side (frontend/src, or backend/src), each with
 * the reason. A module read only by other contracts modules takes their readers' sides; contracts'
 * own tests are no reader.
 */
export function singleSidedContracts(root: string): string[] {
  const contracts = path.join(root, 'contracts/src');
  const modules = readdirSync(contracts)
    .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''));
  const sides = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const [dir, side] of SIDES) {
    for (const file of sourceFiles(path.join(root, dir))) {
      for (const m of contractsImports(readFileSync(file, 'utf8'))) sides.get(m)?.add(side);
    }
  }
  // Who imports whom inside contracts: a module passes its readers' sides on to what it imports.
  const imports = new Map(
    modules.map((m) => [m, siblingImports(readFileSync(path.join(contracts, `${m}.ts`), 'utf8'))]),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const [m, deps] of imports) {
      for (const dep of deps) {
        const target = sides.get(dep);
        if (!target) continue;
        for (const side of sides.get(m)!) {
          if (!target.has(side)) {
            target.add(side);
            changed = true;
          }
        }
      }
    }
  }
  const ONE_SIDE: Record<string, string> = {
    frontend: 'only frontend/src reads it; move it to the front end',
    backend: 'only backend/src reads it; move it to the back end',
  };
  return modules.flatMap((m) => {
    const [side, ...more] = [...sides.get(m)!];
    return side && !more.length && ONE_SIDE[side] ? [`contracts/src/${m}.ts: ${ONE_SIDE[side]}`] : [];
  });
}

describe('contracts hold only what both sides share (issue 43)', () => {
  test('no module of contracts/src is read by one side alone', () => {
    expect(singleSidedContracts(ROOT)).toEqual([]);
  });

  describe('a planted tree', () => {
    let root: string;
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };

    beforeEach(() => {
      root = mkdtempSync(path.join(tmpdir(), 'contracts-shared-'));
      write('contracts/src/money.ts', 'export const ZERO = 0;\n');
      write('contracts/src/orders.ts', "import { ZERO } from './money';\nexport const total = ZERO;\n");
      write('contracts/src/__tests__/orders.test.ts', "import { total } from '../orders';\n");
      write('backend/src/orders.service.ts', "import { total } from '@gym/contracts/orders';\n");
      write('frontend/src/checkout.tsx', "import { total } from '@gym/contracts/orders';\n");
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    test('a module both sides read, and one read through it, pass', () => {
      expect(singleSidedContracts(root)).toEqual([]);
    });

    test('a module only the front end imports is caught, however many of its files do', () => {
      write('contracts/src/cart.ts', "import { ZERO } from './money';\nexport const empty = ZERO;\n");
      write('frontend/src/cart-panel.tsx', "import { empty } from '@gym/contracts/cart';\n");
      write('frontend/src/__tests__/cart.test.ts', "jest.mock('@gym/contracts/cart');\n");
      expect(singleSidedContracts(root)).toEqual([
        'contracts/src/cart.ts: only frontend/src reads it; move it to the front end',
      ]);
    });

    test('a module read only through a front-end-only module is caught too', () => {
      write('contracts/src/cart.ts', "import { words } from './cart-words';\nexport const empty = words;\n");
      write('contracts/src/cart-words.ts', "export const words = 'El carrito está vacío';\n");
      write('frontend/src/cart-panel.tsx', "import { empty } from '@gym/contracts/cart';\n");
      expect(singleSidedContracts(root)).toEqual([
        'contracts/src/cart-words.ts: only frontend/src reads it; move it to the front end',
        'contracts/src/cart.ts: only frontend/src reads it; move it to the front end',
      ]);
    });

    test('a module only the API imports is caught as well', () => {
      write('contracts/src/receipts.ts', 'export const receiptNumber = (n: number) => `R-${n}`;\n');
      write('backend/src/receipt-pdf.ts', "import { receiptNumber } from '@gym/contracts/receipts';\n");
      expect(singleSidedContracts(root)).toEqual([
        'contracts/src/receipts.ts: only backend/src reads it; move it to the back end',
      ]);
    });

    test('a module the scripts (the browser tests, the benches) read as well stays', () => {
      write('contracts/src/edge.ts', "export const edgeMessages = { timeout: 'Tardó demasiado' };\n");
      write('frontend/src/boundary.tsx', "import { edgeMessages } from '@gym/contracts/edge';\n");
      write('scripts/e2e/edge.e2e.ts', "import { edgeMessages } from '@gym/contracts/edge';\n");
      expect(singleSidedContracts(root)).toEqual([]);
    });
  });
});
