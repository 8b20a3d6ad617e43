import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { centavos } from '@gym/contracts/money';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../../../scripts/fake-mercadopago/server';
import { createMercadoPagoClient, ProviderError } from './client';
import { checkSignature } from './signature';

const TOKEN = 'TEST-token-de-prueba';
const SECRET = 'secreto-del-webhook-de-prueba';

/** Where the fake sends its notifications: every one received, with its headers and query. */
const received: { query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string }[] = [];
let hook: http.Server;
let hookUrl: string;
let mp: FakeMercadoPago;

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ query: new URL(req.url!, 'http://x').searchParams, headers: req.headers, body });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/v1/pagos/mercadopago/webhook`;
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET });
});
afterAll(async () => {
  await mp.stop();
  await new Promise((resolve) => hook.close(resolve));
});

const client = () => createMercadoPagoClient({ apiUrl: mp.url, accessToken: TOKEN });
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

/** The buyer at the provider's checkout page, pressing one of its buttons; where they are sent back. */
async function pay(checkoutUrl: string, status: 'approved' | 'pending' | 'rejected') {
  const page = await (await fetch(checkoutUrl)).text();
  const prefId = /name="pref_id" value="([^"]+)"/.exec(page)![1]!;
  const res = await fetch(new URL('/checkout/v1/pay', checkoutUrl), {
    method: 'POST',
    body: new URLSearchParams({ pref_id: prefId, status }),
    redirect: 'manual',
  });
  return { page, back: new URL(res.headers.get('location')!) };
}

describe('the Mercado Pago client against the local fake', () => {
  test('a preference, the buyer pays, a signed notification, the payment read back in centavos', async () => {
    const checkout = await client().createCheckout({
      reference: 'G-000123',
      items: [
        { id: 'p1', title: 'Guantes de boxeo', quantity: 2, unitPrice: centavos(1_250_050) },
        { id: 'p2', title: 'Botella térmica', quantity: 1, unitPrice: centavos(899_999) },
      ],
      payerEmail: 'ana.paz@correo.com',
      backUrl: 'https://gym.example/pedido/G-000123?t=abc',
      notificationUrl: hookUrl,
      expiresAt: new Date(Date.now() + 72 * 3_600_000),
    });
    const { page, back } = await pay(checkout.checkoutUrl, 'approved');
    expect(page).toContain('Total: $ 34000.99');
    expect(back.pathname).toBe('/pedido/G-000123');
    expect(back.searchParams.get('t')).toBe('abc');
    expect(back.searchParams.get('status')).toBe('approved');
    const id = back.searchParams.get('payment_id')!;

    await waitFor(() => received.length > 0);
    const note = received[0]!;
    expect(note.query.get('data.id')).toBe(id);
    expect(JSON.parse(note.body)).toMatchObject({ type: 'payment', data: { id } });
    const header = note.headers['x-signature'] as string;
    expect(checkSignature(SECRET, header, id, note.headers['x-request-id'] as string, new Date())).toEqual({
      ok: true,
    });

    expect(await client().payment(id)).toEqual({
      id,
      status: 'approved',
      amount: 3_400_099,
      currency: 'ARS',
      reference: 'G-000123',
      approvedAt: expect.any(String),
    });
    expect((await client().paymentsFor('G-000123')).map((p) => p.id)).toEqual([id]);
    expect(await client().payment('999')).toBeNull();
    expect(await client().payment('no-es-un-id')).toBeNull();
  });

  test('a refund is made once for its key; another token is refused', async () => {
    const checkout = await client().createCheckout({
      reference: 'R-77',
      items: [{ id: 'm', title: 'Cuota', quantity: 1, unitPrice: centavos(2_500_000) }],
      backUrl: 'https://gym.example/socio',
      notificationUrl: hookUrl,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const { back } = await pay(checkout.checkoutUrl, 'approved');
    const id = back.searchParams.get('payment_id')!;
    const first = await client().refund(id, 'refund-R-77');
    expect(await client().refund(id, 'refund-R-77')).toEqual(first);
    expect((await client().payment(id))?.status).toBe('refunded');
    await expect(createMercadoPagoClient({ apiUrl: mp.url, accessToken: 'otro' }).payment(id)).rejects.toEqual(
      new ProviderError(401, `Mercado Pago answered 401 to GET /v1/payments/${id}`),
    );
  });
});
