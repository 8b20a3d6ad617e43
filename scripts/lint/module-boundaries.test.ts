// The repository's own ESLint configuration, run on code that crosses a module's or a feature's
// boundary: what a developer would see in `make lint`.
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'gym/module-boundaries').map((m) => m.message);
}

describe('modules and features talk through their index.ts', () => {
  // Loading the configuration and the TypeScript parser takes seconds on a busy machine.
  beforeAll(() => eslint.lintText('', { filePath: path.join(ROOT, 'backend/src/app.ts') }), 60_000);

  test("a backend module importing another module's repository fails lint", async () => {
    const code =
      "import { createClientsRepository } from '../clients/clients.repository';\nexport const x = createClientsRepository;\n";
    expect(await problems('backend/src/modules/orders/example.ts', code)).toEqual([
      "'../clients/clients.repository' reaches into module 'clients': import it through index.ts.",
    ]);
  });

  test("the same through the module's index, its own files and shared helpers pass", async () => {
    const code = [
      "import { createClientsRepository } from '../clients';",
      "import { createOrdersService } from './orders.service';",
      "import { hasPgCode } from '../../shared/pg-error';",
      'export const x = [createClientsRepository, createOrdersService, hasPgCode];',
      '',
    ].join('\n');
    expect(await problems('backend/src/modules/orders/example.ts', code)).toEqual([]);
  });

  test("a front-end feature reaching into another's components fails, also through @/ and jest.mock", async () => {
    const code = [
      "import { CartPanel } from '../../cart/components/cart-panel';",
      "import { useCan } from '@/features/auth/use-can';",
      "jest.mock('../../shop/api/products-api');",
      'export const x = [CartPanel, useCan];',
      '',
    ].join('\n');
    expect(await problems('frontend/src/features/checkout/pages/example.tsx', code)).toEqual([
      "'../../cart/components/cart-panel' reaches into feature 'cart': import it through index.ts or staff.ts.",
      "'@/features/auth/use-can' reaches into feature 'auth': import it through index.ts or staff.ts.",
      "'../../shop/api/products-api' reaches into feature 'shop': import it through index.ts or staff.ts.",
    ]);
  });

  test('the router, outside every feature, may load a page module lazily', async () => {
    const code = "export const page = () => import('../features/shop/pages/shop-home-page');\n";
    expect(await problems('frontend/src/app/example.tsx', code)).toEqual([]);
  });
});
