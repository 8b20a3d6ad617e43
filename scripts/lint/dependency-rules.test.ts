// The repository's dependency-cruiser configuration (.dependency-cruiser.cjs), run on a small tree
// that plants one violation of each rule beside code that keeps them: what `make lint` reports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Writes `files` under a fresh folder shaped like the repository and cruises it with our rules. */
function cruise(files: Record<string, string>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'depcruise-'));
  try {
    for (const [file, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), code);
    }
    const roots = ['backend', 'frontend', 'contracts'].filter((r) => Object.keys(files).some((f) => f.startsWith(r)));
    let out: string;
    try {
      out = execFileSync(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
          '--config',
          path.join(ROOT, '.dependency-cruiser.cjs'),
          '--output-type',
          'json',
          ...roots,
        ],
        { cwd: dir, encoding: 'utf8' },
      );
    } catch (err) {
      // It exits non-zero when it finds a violation; the report is on stdout all the same.
      out = (err as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as { summary: { violations: Violation[] } };
    return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mod = (name: string, file: string) => `backend/src/modules/${name}/${file}`;

describe('make lint holds the layers and the module edges (dependency-cruiser)', () => {
  test('a module reaching into another module, or into its repository, fails', () => {
    expect(
      cruise({
        [mod('clients', 'index.ts')]: "export * from './clients.service';\n",
        [mod('clients', 'clients.service.ts')]: 'export const listClients = () => [];\n',
        [mod('clients', 'clients.repository.ts')]: 'export const createClientsRepository = () => ({});\n',
        [mod('orders', 'orders.service.ts')]: [
          "import { createClientsRepository } from '../clients/clients.repository';",
          "import { listClients } from '../clients';",
          'export const x = [createClientsRepository, listClients];',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'module-through-index: backend/src/modules/orders/orders.service.ts → backend/src/modules/clients/clients.repository.ts',
      'no-repository-outside-its-module: backend/src/modules/orders/orders.service.ts → backend/src/modules/clients/clients.repository.ts',
    ]);
  });

  test('a service importing the HTTP layer fails; its controller may', () => {
    expect(
      cruise({
        'backend/src/http/validate.ts': 'export const validate = (x: unknown) => x;\n',
        'backend/src/shared/errors.ts': 'export class NotFound extends Error {}\n',
        [mod('plans', 'plans.service.ts')]: [
          "import { validate } from '../../http/validate';",
          "import { NotFound } from '../../shared/errors';",
          'export const create = (body: unknown) => { if (!body) throw new NotFound(); return validate(body); };',
          '',
        ].join('\n'),
        [mod('plans', 'plans.controller.ts')]: [
          "import { validate } from '../../http/validate';",
          "import { create } from './plans.service';",
          'export const post = (body: unknown) => create(validate(body));',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'only-controllers-know-http: backend/src/modules/plans/plans.service.ts → backend/src/http/validate.ts',
    ]);
  });

  test('layers point down: a repository calling a service, shared/ reaching a module, fail', () => {
    expect(
      cruise({
        [mod('plans', 'plans.service.ts')]: 'export const total = 1;\n',
        [mod('plans', 'plans.repository.ts')]: "import { total } from './plans.service';\nexport const n = total;\n",
        'backend/src/shared/mailer.ts':
          "import { total } from '../modules/plans/plans.service';\nexport const m = total;\n",
      }),
    ).toEqual([
      'repositories-below-services: backend/src/modules/plans/plans.repository.ts → backend/src/modules/plans/plans.service.ts',
      'shared-is-a-leaf: backend/src/shared/mailer.ts → backend/src/modules/plans/plans.service.ts',
    ]);
  });

  test("a front-end feature reaching into another's parts fails, also through jest.mock; index.ts passes", () => {
    expect(
      cruise({
        'frontend/src/features/cart/index.ts': "export * from './components/cart-panel';\n",
        'frontend/src/features/cart/components/cart-panel.tsx': 'export const CartPanel = () => null;\n',
        'frontend/src/features/shop/api/products-api.ts': 'export const list = () => [];\n',
        'frontend/src/features/checkout/pages/checkout-page.tsx': [
          "import { CartPanel } from '../../cart/components/cart-panel';",
          "import { CartPanel as Same } from '../../cart';",
          "jest.mock('../../shop/api/products-api');",
          'export const x = [CartPanel, Same];',
          '',
        ].join('\n'),
      }),
    ).toEqual([
      'feature-through-index: frontend/src/features/checkout/pages/checkout-page.tsx → frontend/src/features/cart/components/cart-panel.tsx',
      'feature-through-index: frontend/src/features/checkout/pages/checkout-page.tsx → frontend/src/features/shop/api/products-api.ts',
    ]);
  });

  test('contracts stand alone and an import cycle fails', () => {
    expect(
      cruise({
        'backend/src/shared/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
        'backend/src/shared/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
        'contracts/src/orders.ts': "import { a } from '../../backend/src/shared/a';\nexport const o = a;\n",
      }),
    ).toEqual([
      'contracts-stand-alone: contracts/src/orders.ts → backend/src/shared/a.ts',
      'no-cycles: backend/src/shared/a.ts → backend/src/shared/b.ts',
    ]);
  });
});
