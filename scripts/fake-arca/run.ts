// The fake ARCA on its own (ARCA_FAKE_PORT, default 8091), for `make fake-arca` and the sandbox:
// point ARCA_WSAA_URL and ARCA_WSFE_URL at it, with the test certificate in ./test-ca and
// ARCA_CUIT=20123456786. Development only: that certificate and key are test material.
import path from 'node:path';
import { startFakeArca, TEST_CA_DIR, TEST_CUIT } from './server';

async function main() {
  const fake = await startFakeArca({ port: Number(process.env.ARCA_FAKE_PORT || 8091) });
  console.log(`ARCA simulado en ${fake.url}
  ARCA_WSAA_URL=${fake.wsaaUrl}
  ARCA_WSFE_URL=${fake.wsfeUrl}
  ARCA_CUIT=${TEST_CUIT}
  ARCA_CERT=${path.join(TEST_CA_DIR, 'gym-test.crt')}
  ARCA_KEY=${path.join(TEST_CA_DIR, 'gym-test.key')}
Controles: GET ${fake.url}/__control/vouchers, POST ${fake.url}/__control/mode {"mode":"timeout"|"error500"|"internal"|"accept-then-timeout"|"normal","times":1}, POST ${fake.url}/__control/reset`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => void fake.stop().then(() => process.exit(0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
