import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../../scripts/fake-mercadopago/server';
import { createTestApp, type TestApp } from './test-app';
import { TEST_MERCADOPAGO } from './test-config';

export interface PaymentsTestApp extends TestApp {
  fake: FakeMercadoPago;
  /** The buyer at the provider's checkout pressing approve, pending or reject; the payment's id. */
  pay(checkoutUrl: string, status: 'approved' | 'pending' | 'rejected'): Promise<number>;
}

/**
 * A test app listening on a real port (SITE_URL, so the checkout's notification_url reaches it)
 * with the fake Mercado Pago it talks to: the provider's notifications arrive as they would.
 */
export async function createPaymentsTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<PaymentsTestApp> {
  let app: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Subscriptions notify the application's webhook, as set in the provider's panel.
  const fake = await startFakeMercadoPago({
    ...TEST_MERCADOPAGO,
    webhookUrl: `${siteUrl}/v1/pagos/mercadopago/webhook`,
  });
  const t = await createTestApp({
    ...options,
    env: { SITE_URL: siteUrl, MERCADOPAGO_API_URL: fake.url, ...options.env },
  });
  app = t.app;
  return {
    ...t,
    fake,
    async pay(checkoutUrl, status) {
      const prefId = new URL(checkoutUrl).searchParams.get('pref_id')!;
      const res = await fetch(new URL('/checkout/v1/pay', checkoutUrl), {
        method: 'POST',
        body: new URLSearchParams({ pref_id: prefId, status }),
        redirect: 'manual',
      });
      return Number(new URL(res.headers.get('location')!).searchParams.get('payment_id'));
    },
    async close() {
      await fake.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}
