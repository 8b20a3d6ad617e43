// `make arca-homologacion`: one Factura C of $ 1 for a consumidor final, asked of ARCA's testing
// service (homologación) with the gym's own test certificate, to prove the certificate, the punto de
// venta and the CUIT before invoicing is switched on in production. Not in CI (it needs ARCA and a
// certificate): set ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT and ARCA_KEY (docs/invoicing.md says how to get
// them); ARCA_WSAA_URL and ARCA_WSFE_URL default to homologación. Against the local fake:
// `make fake-arca` prints the settings to use.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { loadConfig } from '../backend/src/config';
import { arcaClient, type ArcaTicket, type TicketStore } from '../backend/src/modules/invoices/arca';

/**
 * The access ticket kept in a file between runs: ARCA gives one every 12 hours per certificate and
 * answers a second login meanwhile with alreadyAuthenticated (the site keeps its ticket in the database).
 */
function fileTickets(file: string): TicketStore {
  const all = (): Record<string, { token: string; sign: string; expiresAt: string }> =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof all>) : {};
  return {
    read: (service) => {
      const t = all()[service];
      return Promise.resolve(t ? { ...t, expiresAt: new Date(t.expiresAt) } : null);
    },
    save: (service, ticket: ArcaTicket) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        JSON.stringify({ ...all(), [service]: { ...ticket, expiresAt: ticket.expiresAt.toISOString() } }),
        {
          mode: 0o600,
        },
      );
      return Promise.resolve();
    },
  };
}

async function main() {
  const invoicing = loadConfig().invoicing;
  if (!invoicing) {
    console.error('Faltan ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT y ARCA_KEY: mirá docs/invoicing.md.');
    process.exit(1);
  }
  if (/\/\/(wsaa|servicios1)\.afip\.gov\.ar/.test(`${invoicing.wsaaUrl} ${invoicing.wsfeUrl}`)) {
    console.error('Esto es para homologación: ARCA_WSAA_URL y ARCA_WSFE_URL apuntan a producción.');
    process.exit(1);
  }
  const arca = arcaClient(invoicing, fileTickets(path.resolve(__dirname, '../.data/arca-homologacion-ticket.json')));
  console.log('Servidores de ARCA:', await arca.dummy());
  const last = await arca.lastAuthorized(invoicing.ptoVta, 11);
  const today = tucumanToday(new Date());
  const outcome = await arca.authorize({
    ptoVta: invoicing.ptoVta,
    cbteTipo: 11,
    concepto: 1,
    docTipo: 99,
    docNro: '0',
    number: last + 1,
    date: today,
    totalCentavos: 100,
    condicionIvaReceptorId: invoicing.condicionIvaReceptorDefault,
  });
  const number = `${String(invoicing.ptoVta).padStart(4, '0')}-${String(last + 1).padStart(8, '0')}`;
  if (outcome.outcome === 'approved') {
    console.log(`Factura C ${number} autorizada: CAE ${outcome.cae}, vence ${outcome.caeDueDate}.`);
  } else {
    console.error(`ARCA rechazó la Factura C ${number}:`);
    for (const e of outcome.errors) console.error(`  (${e.code}) ${e.msg}`);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
