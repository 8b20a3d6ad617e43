// `make start-mp`: the site as `make start` runs it, with the local fake Mercado Pago beside it, so
// a newcomer can walk the whole payment (checkout, the provider's page, the notification, the
// order page, the refund) with no account and no network. Development only: the credentials
// below are the fake's, printed on purpose.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startFakeMercadoPago } from './server';

const DEV = { accessToken: 'TEST-dev-token-del-simulador', webhookSecret: 'dev-secreto-del-simulador' };

async function main() {
  const fake = await startFakeMercadoPago({
    ...DEV,
    port: Number(process.env.MERCADOPAGO_FAKE_PORT || 8090),
    // Subscriptions notify the application's webhook (set in the provider's panel, not per request).
    webhookUrl: `http://127.0.0.1:${process.env.PORT || 8080}/v1/pagos/mercadopago/webhook`,
  });
  console.log(
    `Mercado Pago simulado en ${fake.url}: elegí "Mercado Pago" al comprar y aprobá, dejá pendiente o rechazá.`,
  );
  const api = spawn(process.execPath, [path.join(__dirname, '../../backend/dist/server.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MERCADOPAGO_API_URL: fake.url,
      MERCADOPAGO_ACCESS_TOKEN: DEV.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: DEV.webhookSecret,
      // A payment left pending is asked about after a minute (production: 15).
      MERCADOPAGO_RECONCILE_MINUTES: process.env.MERCADOPAGO_RECONCILE_MINUTES || '1',
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => api.kill(signal));
  api.on('exit', (code) => void fake.stop().then(() => process.exit(code ?? 0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
