// The fake WhatsApp Cloud API on its own (WHATSAPP_FAKE_PORT, default 8092), for `make fake-whatsapp`:
// point the API's WHATSAPP_* at it (printed below). Its statuses and members' replies go to
// WHATSAPP_FAKE_WEBHOOK_URL (default the API's webhook on PORT or 8080). Development only: the
// credentials are the fake's own, printed on purpose.
import { DEV_WHATSAPP, startFakeWhatsapp, type WaStatusMode } from './server';

async function main() {
  const fake = await startFakeWhatsapp({
    ...DEV_WHATSAPP,
    port: Number(process.env.WHATSAPP_FAKE_PORT || 8092),
    webhookUrl:
      process.env.WHATSAPP_FAKE_WEBHOOK_URL || `http://127.0.0.1:${process.env.PORT || 8080}/v1/whatsapp/webhook`,
    rateLimitPerSecond: Number(process.env.WHATSAPP_FAKE_RATE || 80),
    statusMode: (process.env.WHATSAPP_FAKE_STATUS_MODE as WaStatusMode | undefined) || 'in-order',
  });
  console.log(`WhatsApp simulado en ${fake.url} (lo enviado, en esa página)
  WHATSAPP_API_URL=${fake.apiUrl}
  WHATSAPP_TOKEN=${fake.token}
  WHATSAPP_PHONE_NUMBER_ID=${fake.phoneNumberId}
  WHATSAPP_APP_SECRET=${fake.appSecret}
  WHATSAPP_VERIFY_TOKEN=${DEV_WHATSAPP.verifyToken}
Webhook: ${fake.settings().webhookUrl}
Controles: GET ${fake.url}/__fake/messages, POST ${fake.url}/__fake/messages/<wamid>/status {"status":"read","times":2},
  POST ${fake.url}/__fake/inbound {"from":"5493815123401","text":"BAJA"}, POST ${fake.url}/__fake/options
  {"rateLimitPerSecond":10,"statusMode":"out-of-order","undeliverable":["5493815000000"]}, POST ${fake.url}/__fake/reset`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void fake.close().then(() => process.exit(0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
