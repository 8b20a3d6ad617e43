// `make start-sandbox` (and its old name `make start-mp`): the site as `make start` runs it, with every
// local fake beside it, so a newcomer can walk the whole money path with no account and no network:
// Mercado Pago (checkout, the provider's page, the notification, the order page, the refund, the
// automatic debit), ARCA (each payment's Factura C authorised, its CAE and QR on the receipt) and the
// WhatsApp Cloud API (the reminders' templates, their statuses and members' replies on its page).
// Development only: the credentials below are the fakes' own test material, printed on purpose.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startFakeArca, TEST_CA_DIR, TEST_CUIT } from '../fake-arca/server';
import { startFakeMercadoPago } from '../fake-mercadopago/server';
import { DEV_WHATSAPP, startFakeWhatsapp } from '../fake-whatsapp/server';

const DEV = { accessToken: 'TEST-dev-token-del-simulador', webhookSecret: 'dev-secreto-del-simulador' };

async function main() {
  const mercadoPago = await startFakeMercadoPago({
    ...DEV,
    port: Number(process.env.MERCADOPAGO_FAKE_PORT || 8090),
    // Subscriptions notify the application's webhook (set in the provider's panel, not per request).
    webhookUrl: `http://127.0.0.1:${process.env.PORT || 8080}/v1/pagos/mercadopago/webhook`,
  });
  const arca = await startFakeArca({ port: Number(process.env.ARCA_FAKE_PORT || 8091) });
  const whatsapp = await startFakeWhatsapp({
    ...DEV_WHATSAPP,
    port: Number(process.env.WHATSAPP_FAKE_PORT || 8092),
    // Statuses and replies go to the application's webhook (set in Meta's app panel).
    webhookUrl: `http://127.0.0.1:${process.env.PORT || 8080}/v1/whatsapp/webhook`,
  });
  console.log(
    `Mercado Pago simulado en ${mercadoPago.url}: elegí "Mercado Pago" al comprar y aprobá, dejá pendiente o rechazá.`,
  );
  console.log(`ARCA simulado en ${arca.url}: cada pago sale con su Factura C (Facturas, en Más).`);
  console.log(
    `WhatsApp simulado en ${whatsapp.url}: ahí ves lo que "se envió", sus estados, y respondés BAJA como un socio.`,
  );
  const api = spawn(process.execPath, [path.join(__dirname, '../../backend/dist/server.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      MERCADOPAGO_API_URL: mercadoPago.url,
      MERCADOPAGO_ACCESS_TOKEN: DEV.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: DEV.webhookSecret,
      // A payment left pending is asked about after a minute (production: 15).
      MERCADOPAGO_RECONCILE_MINUTES: process.env.MERCADOPAGO_RECONCILE_MINUTES || '1',
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
      ARCA_CUIT: TEST_CUIT,
      ARCA_PTO_VTA: process.env.ARCA_PTO_VTA || '3',
      ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
      ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
      WHATSAPP_API_URL: whatsapp.apiUrl,
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
      WHATSAPP_APP_SECRET: whatsapp.appSecret,
      WHATSAPP_VERIFY_TOKEN: DEV_WHATSAPP.verifyToken,
    },
  });
  const stopFakes = () => Promise.all([mercadoPago.stop(), arca.stop(), whatsapp.close()]);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => api.kill(signal));
  api.on('exit', (code) => void stopFakes().then(() => process.exit(code ?? 0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
