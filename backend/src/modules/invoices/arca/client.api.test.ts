import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS } from '../../../../../scripts/fake-arca/rules';
import {
  startFakeArca,
  TEST_CA_DIR,
  TEST_CUIT,
  testCredentials,
  type FakeArca,
} from '../../../../../scripts/fake-arca/server';
import {
  arcaClient,
  ArcaAlreadyAuthenticated,
  ArcaAuthError,
  ArcaUnavailable,
  type ArcaTicket,
  type ArcaVoucher,
  type TicketStore,
} from '.';

// Some tests log in to WSAA two or three times: seconds each inside Jest under Node 24 on a loaded machine.
jest.setTimeout(60_000);

let arca: FakeArca;
beforeAll(async () => {
  arca = await startFakeArca();
});
afterAll(() => arca.stop());

/** The database's table, in memory: what every replica shares. */
function memoryStore(): TicketStore & { saves: number; tickets: Map<string, ArcaTicket> } {
  const tickets = new Map<string, ArcaTicket>();
  return {
    tickets,
    saves: 0,
    read: async (service) => tickets.get(service) ?? null,
    async save(service, ticket) {
      this.saves++;
      tickets.set(service, ticket);
    },
  };
}

const client = (store: TicketStore, overrides: { certPem?: string; keyPem?: string; timeoutMs?: number } = {}) =>
  arcaClient(
    {
      cuit: TEST_CUIT,
      wsaaUrl: arca.wsaaUrl,
      wsfeUrl: arca.wsfeUrl,
      ...testCredentials(),
      // Generous: a login (RSA-signed CMS) inside Jest under Node 24 takes seconds on a loaded machine.
      timeoutMs: 30_000,
      ...overrides,
    },
    store,
  );

const today = new Date().toISOString().slice(0, 10);
const cuota = (ptoVta: number, number: number, extra: Partial<ArcaVoucher> = {}): ArcaVoucher => ({
  ptoVta,
  cbteTipo: 11,
  concepto: 2,
  docTipo: 96,
  docNro: '30111222',
  number,
  date: today,
  totalCentavos: 2_500_050,
  serviceFrom: today,
  serviceTo: today,
  paymentDue: today,
  condicionIvaReceptorId: 5,
  ...extra,
});

describe('the ARCA client against the local fake', () => {
  const store = memoryStore();
  const arcaOf = () => client(store);

  test('FEDummy says every server is OK', async () => {
    expect(await arcaOf().dummy()).toEqual({ appServer: 'OK', dbServer: 'OK', authServer: 'OK' });
  });

  test('consecutive numbers are approved with a CAE, and the counter follows', async () => {
    const ptoVta = 3;
    const first = await arcaOf().authorize(cuota(ptoVta, 1));
    const second = await arcaOf().authorize(
      cuota(ptoVta, 2, { concepto: 1, serviceFrom: undefined, serviceTo: undefined, paymentDue: undefined }),
    );
    expect(first).toEqual({
      outcome: 'approved',
      cae: expect.stringMatching(/^\d{14}$/),
      caeDueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      observations: [],
    });
    expect(second.outcome).toBe('approved');
    expect(await arcaOf().lastAuthorized(ptoVta, 11)).toBe(2);
    expect(await arcaOf().lastAuthorized(ptoVta, 13)).toBe(0);
    const issued = arca.vouchers().filter((v) => v.ptoVta === ptoVta);
    expect(issued.map((v) => [v.number, v.impTotal, v.date, v.serviceFrom, v.condicionIvaReceptorId])).toEqual([
      [1, '25000.50', today.replaceAll('-', ''), today.replaceAll('-', ''), 5],
      [2, '25000.50', today.replaceAll('-', ''), undefined, 5],
    ]);
  });

  test('a credit note tied to its invoice is approved under its own counter', async () => {
    const ptoVta = 4;
    await arcaOf().authorize(cuota(ptoVta, 1));
    const note = await arcaOf().authorize(
      cuota(ptoVta, 1, {
        cbteTipo: 13,
        associated: [{ cbteTipo: 11, ptoVta, number: 1, cuit: TEST_CUIT, date: today }],
      }),
    );
    expect(note.outcome).toBe('approved');
    expect(arca.vouchers().find((v) => v.ptoVta === ptoVta && v.cbteTipo === 13)!.associated).toEqual([
      { tipo: 11, ptoVta, nro: 1 },
    ]);
  });

  test("a number that is not the next one is rejected with 10016 and ARCA's message, nothing issued", async () => {
    const ptoVta = 5;
    await arcaOf().authorize(cuota(ptoVta, 1));
    expect(await arcaOf().authorize(cuota(ptoVta, 3))).toEqual({
      outcome: 'rejected',
      errors: [{ code: 10016, msg: ERRORS.notNext.msg }],
      observations: [],
    });
    expect(await arcaOf().lastAuthorized(ptoVta, 11)).toBe(1);
  });

  test('a cuota (concept 2) without its service dates is rejected with each code and message', async () => {
    const outcome = await arcaOf().authorize(
      cuota(6, 1, { serviceFrom: undefined, serviceTo: undefined, paymentDue: undefined }),
    );
    expect(outcome).toEqual({
      outcome: 'rejected',
      errors: [ERRORS.serviceFrom, ERRORS.serviceTo, ERRORS.paymentDue],
      observations: [],
    });
  });

  test('RG 5616: a receiver condition not allowed for class C is rejected with 10246', async () => {
    const outcome = await arcaOf().authorize(cuota(7, 1, { condicionIvaReceptorId: 3 }));
    expect(outcome).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 10246, msg: ERRORS.condicionIvaInvalid.msg }],
    });
  });

  test("HTTP 500, ARCA's internal error and a timeout are ArcaUnavailable, not a rejection", async () => {
    const ptoVta = 8;
    arca.setMode('error500', 1);
    await expect(arcaOf().authorize(cuota(ptoVta, 1))).rejects.toBeInstanceOf(ArcaUnavailable);
    arca.setMode('internal', 1);
    await expect(arcaOf().lastAuthorized(ptoVta, 11)).rejects.toThrow(/Error interno de base de datos/);
    arca.setMode('timeout', 1);
    const hurried = client(store, { timeoutMs: 500 });
    await expect(hurried.authorize(cuota(ptoVta, 1))).rejects.toThrow(ArcaUnavailable);
    // Back to normal: nothing was issued by any of them.
    expect(await arcaOf().lastAuthorized(ptoVta, 11)).toBe(0);
  });

  test('ARCA unreachable is ArcaUnavailable too', async () => {
    const gone = arcaClient(
      {
        cuit: TEST_CUIT,
        wsaaUrl: 'http://127.0.0.1:9/ws/services/LoginCms',
        wsfeUrl: 'http://127.0.0.1:9/wsfev1/service.asmx',
        ...testCredentials(),
      },
      memoryStore(),
    );
    await expect(gone.lastAuthorized(1, 11)).rejects.toBeInstanceOf(ArcaUnavailable);
  });

  test('accepted then no answer: the client times out, and FECompConsultar returns the CAE', async () => {
    const ptoVta = 9;
    arca.setMode('accept-then-timeout', 1);
    await expect(client(store, { timeoutMs: 500 }).authorize(cuota(ptoVta, 1))).rejects.toBeInstanceOf(ArcaUnavailable);
    const issued = arca.vouchers().find((v) => v.ptoVta === ptoVta)!;
    expect(await arcaOf().consult(ptoVta, 11, 1)).toEqual({
      cae: issued.cae,
      caeDueDate: `${issued.caeDueDate.slice(0, 4)}-${issued.caeDueDate.slice(4, 6)}-${issued.caeDueDate.slice(6)}`,
      totalCentavos: 2_500_050,
      date: today,
      docNro: '30111222',
    });
    expect(await arcaOf().consult(ptoVta, 11, 2)).toBeNull();
  });

  test('a CMS signed by a key the CA never certified is refused by WSAA, and is not "unavailable"', async () => {
    const untrusted = {
      certPem: readFileSync(path.join(TEST_CA_DIR, 'untrusted-test.crt'), 'utf8'),
      keyPem: readFileSync(path.join(TEST_CA_DIR, 'untrusted-test.key'), 'utf8'),
    };
    const refused = client(memoryStore(), untrusted).lastAuthorized(1, 11);
    await expect(refused).rejects.toBeInstanceOf(ArcaAuthError);
    await expect(refused).rejects.toMatchObject({
      code: 'cms.cert.untrusted',
      message: 'Certificado no emitido por AC de confianza',
    });
    // The trusted certificate with the other key: the signature does not hold.
    const mixed = client(memoryStore(), { keyPem: untrusted.keyPem }).lastAuthorized(1, 11);
    await expect(mixed).rejects.toMatchObject({ code: 'cms.sign.invalid' });
  });
});

/** What our client never sends, written by hand: the fake must still refuse it as ARCA does. */
describe('the fake WSFE on requests our client never makes', () => {
  async function solicitar(fields: string): Promise<string> {
    const store = memoryStore();
    arca.reset();
    await client(store).lastAuthorized(1, 11);
    const { token, sign } = (await store.read('wsfe'))!;
    const res = await fetch(arca.wsfeUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8' },
      body: `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="http://ar.gov.afip.dif.FEV1/"><soapenv:Body><ar:FECAESolicitar><ar:Auth><ar:Token>${token}</ar:Token><ar:Sign>${sign}</ar:Sign><ar:Cuit>${TEST_CUIT}</ar:Cuit></ar:Auth><ar:FeCAEReq><ar:FeCabReq><ar:CantReg>1</ar:CantReg><ar:PtoVta>1</ar:PtoVta><ar:CbteTipo>11</ar:CbteTipo></ar:FeCabReq><ar:FeDetReq><ar:FECAEDetRequest><ar:Concepto>1</ar:Concepto><ar:DocTipo>99</ar:DocTipo><ar:DocNro>0</ar:DocNro><ar:CbteDesde>1</ar:CbteDesde><ar:CbteHasta>1</ar:CbteHasta><ar:CbteFch>${today.replaceAll('-', '')}</ar:CbteFch>${fields}<ar:MonId>PES</ar:MonId><ar:MonCotiz>1</ar:MonCotiz></ar:FECAEDetRequest></ar:FeDetReq></ar:FeCAEReq></ar:FECAESolicitar></soapenv:Body></soapenv:Envelope>`,
    });
    return res.text();
  }
  const amounts = (total: string, neto: string, iva: string) =>
    `<ar:ImpTotal>${total}</ar:ImpTotal><ar:ImpTotConc>0</ar:ImpTotConc><ar:ImpNeto>${neto}</ar:ImpNeto><ar:ImpOpEx>0</ar:ImpOpEx><ar:ImpTrib>0</ar:ImpTrib><ar:ImpIVA>${iva}</ar:ImpIVA>`;

  test('RG 5616: without CondicionIVAReceptorId, 10242', async () => {
    const answer = await solicitar(amounts('100.00', '100.00', '0.00'));
    expect(answer).toContain('<Resultado>R</Resultado>');
    expect(answer).toContain(`<Err><Code>10242</Code>`);
    expect(arca.vouchers()).toEqual([]);
  });

  test('class C: a total that is not ImpNeto + ImpTrib, or IVA, is refused', async () => {
    const condition = '<ar:CondicionIVAReceptorId>5</ar:CondicionIVAReceptorId>';
    expect(await solicitar(amounts('121.00', '100.00', '21.00') + condition)).toContain('<Code>10047</Code>');
    expect(await solicitar(amounts('100.00', '100.00', '0.00') + condition)).toContain('<Resultado>A</Resultado>');
  });
});

/** Each of these starts from an ARCA that has issued no ticket. */
describe('the access ticket', () => {
  test('one ticket from WSAA, saved, then reused by every call and every replica', async () => {
    arca.reset();
    const shared = memoryStore();
    expect(await client(shared).lastAuthorized(1, 11)).toBe(0);
    expect(await client(shared).lastAuthorized(1, 13)).toBe(0);
    expect(await client(shared).consult(1, 11, 1)).toBeNull();
    expect(arca.logins()).toBe(1);
    expect(shared.saves).toBe(1);
    expect(shared.tickets.get('wsfe')!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
  });

  test('alreadyAuthenticated: the store is read again and the ticket another replica saved is used', async () => {
    arca.reset();
    const shared = memoryStore();
    await client(shared).lastAuthorized(1, 11);
    // This replica read the table before the other one saved: empty, then the saved ticket.
    let reads = 0;
    const late: TicketStore = {
      read: async (service) => (reads++ === 0 ? null : shared.read(service)),
      save: () => Promise.reject(new Error('nothing to save: WSAA refused')),
    };
    expect(await client(late).lastAuthorized(1, 11)).toBe(0);
    expect(arca.logins()).toBe(1);
    // With no ticket anywhere (the table lost it), the refusal reaches the caller as its own error.
    await expect(client(memoryStore()).lastAuthorized(1, 11)).rejects.toBeInstanceOf(ArcaAlreadyAuthenticated);
  });

  test('a stored ticket ending within 10 minutes is renewed before use', async () => {
    arca.reset();
    const shared = memoryStore();
    await shared.save('wsfe', { token: 't', sign: 's', expiresAt: new Date(Date.now() + 5 * 60_000) });
    expect(await client(shared).lastAuthorized(1, 11)).toBe(0);
    expect(arca.logins()).toBe(1);
    expect(shared.tickets.get('wsfe')!.token).not.toBe('t');
  });

  test('a ticket WSFE no longer accepts (600) is replaced once and the call repeated', async () => {
    arca.reset();
    const shared = memoryStore();
    await client(shared).lastAuthorized(1, 11);
    arca.expireTickets();
    expect(await client(shared).lastAuthorized(1, 11)).toBe(0);
    expect(arca.logins()).toBe(2);
    expect(shared.saves).toBe(2);
  });
});
