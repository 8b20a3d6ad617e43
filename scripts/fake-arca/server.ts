// A local stand-in for ARCA (ex-AFIP) (issue 44), for the tests and `make start-sandbox`: WSAA's
// LoginCms and WSFEv1's FEDummy, FECompUltimoAutorizado, FECAESolicitar and FECompConsultar as
// SOAP 1.1 on one port, with the envelopes of ARCA's manuals. It checks the CMS against the test CA
// in ./test-ca (TEST MATERIAL ONLY), refuses a second ticket while one is valid, checks Token,
// Sign and Cuit, keeps one counter per (PtoVta, CbteTipo) and applies ./rules.ts. Its controls
// (never ARCA's) make it time out, fail, or accept a voucher and then not answer.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import forge from 'node-forge';
import { openCms, WsaaFault } from './cms';
import { check, ERRORS, type ArcaErr, type Detail } from './rules';

export type FakeArcaMode = 'normal' | 'timeout' | 'error500' | 'internal' | 'accept-then-timeout';

export interface FakeArcaVoucher {
  cuit: string;
  ptoVta: number;
  cbteTipo: number;
  number: number;
  concepto: number;
  docTipo: number;
  docNro: string;
  /** YYYYMMDD, as ARCA keeps them. */
  date: string;
  impTotal: string;
  serviceFrom?: string;
  serviceTo?: string;
  paymentDue?: string;
  condicionIvaReceptorId?: number;
  associated: { tipo: number; ptoVta: number; nro: number }[];
  cae: string;
  caeDueDate: string;
}

export interface FakeArca {
  url: string;
  wsaaUrl: string;
  wsfeUrl: string;
  /** Every voucher authorised, in order. */
  vouchers(): FakeArcaVoucher[];
  /** How many tickets WSAA has issued (a second LoginCms while one is valid is refused, not counted). */
  logins(): number;
  /** From now on, WSFE calls time out, fail, or (FECAESolicitar) are recorded then left unanswered; `times` calls, or until set again. */
  setMode(mode: FakeArcaMode, times?: number): void;
  /** Every answer waits this long (the bench's ARCA). */
  setLatency(ms: number): void;
  /** Every ticket issued so far stops being valid (ARCA's 12 hours have passed). */
  expireTickets(): void;
  reset(): void;
  stop(): Promise<void>;
}

export const TEST_CA_DIR = path.join(__dirname, 'test-ca');
export const TEST_CUIT = '20123456786';
/** The gym's test certificate and key, signed by the fake's test CA. TEST MATERIAL ONLY. */
export const testCredentials = () => ({
  certPem: readFileSync(path.join(TEST_CA_DIR, 'gym-test.crt'), 'utf8'),
  keyPem: readFileSync(path.join(TEST_CA_DIR, 'gym-test.key'), 'utf8'),
});

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
const WSAA = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The text of the first element with this local name, any prefix (the fake's own reader). */
const text = (xml: string, name: string): string | undefined => {
  const m = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`).exec(xml);
  return m?.[1]
    ?.trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
};
const num = (xml: string, name: string) => Number(text(xml, name) ?? NaN);
const tags = (fields: Record<string, string | number | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `<${k}>${esc(String(v))}</${k}>`)
    .join('');
const soapBody = (inner: string, extra = '') =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP}"${extra}><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const fault = (code: string, message: string) =>
  soapBody(
    `<soap:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">${code}</faultcode><faultstring>${esc(message)}</faultstring></soap:Fault>`,
  );
const errs = (list: ArcaErr[]) =>
  list.length ? `<Errors>${list.map((e) => `<Err>${tags({ Code: e.code, Msg: e.msg })}</Err>`).join('')}</Errors>` : '';
const yyyymmdd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '');

export async function startFakeArca(
  options: { port?: number; caPem?: string; ticketHours?: number; ptoVtas?: number[] } = {},
): Promise<FakeArca> {
  const ca = forge.pki.certificateFromPem(options.caPem ?? readFileSync(path.join(TEST_CA_DIR, 'ca.crt'), 'utf8'));
  const tickets = new Map<string, { cuit: string; service: string; token: string; sign: string; expiresAt: number }>();
  let vouchers: FakeArcaVoucher[] = [];
  let issued = 0;
  let mode: FakeArcaMode = 'normal';
  let modeTimes = Infinity;
  let latency = 0;
  const held = new Set<http.ServerResponse>();

  /** The mode for this call, counting it down; 'accept-then-timeout' only concerns FECAESolicitar. */
  function takeMode(operation: string): FakeArcaMode {
    if (mode === 'normal' || (mode === 'accept-then-timeout' && operation !== 'FECAESolicitar')) return 'normal';
    const now = mode;
    if (--modeTimes <= 0) [mode, modeTimes] = ['normal', Infinity];
    return now;
  }

  function loginCms(body: string): { status: number; xml: string } {
    try {
      const { tra, cuit } = openCms(text(body, 'in0') ?? '', ca);
      const service = text(tra, 'service');
      const from = Date.parse(text(tra, 'generationTime') ?? '');
      const to = Date.parse(text(tra, 'expirationTime') ?? '');
      const now = Date.now();
      if (!(from <= now + 60_000))
        throw new WsaaFault('xml.generationTime.invalid', 'generationTime posee formato o dato inválido');
      if (!(to > now) || to - from > 24 * 3600_000)
        throw new WsaaFault('xml.expirationTime.invalid', 'expirationTime posee formato o dato inválido');
      if (service !== 'wsfe')
        throw new WsaaFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio');
      const current = tickets.get(`${cuit}/${service}`);
      if (current && current.expiresAt > now)
        throw new WsaaFault(
          'coe.alreadyAuthenticated',
          'El CEE ya posee un TA valido para el acceso al WSN solicitado',
        );
      const ticket = {
        cuit,
        service,
        token: randomBytes(48).toString('base64'),
        sign: randomBytes(24).toString('base64'),
        expiresAt: now + (options.ticketHours ?? 12) * 3600_000,
      };
      tickets.set(`${cuit}/${service}`, ticket);
      issued++;
      const response =
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header>' +
        tags({
          source: 'CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239',
          destination: `SERIALNUMBER=CUIT ${cuit}, CN=gym-test`,
          uniqueId: randomBytes(4).readUInt32BE(),
          generationTime: new Date(now).toISOString(),
          expirationTime: new Date(ticket.expiresAt).toISOString(),
        }) +
        `</header><credentials>${tags({ token: ticket.token, sign: ticket.sign })}</credentials></loginTicketResponse>`;
      return {
        status: 200,
        xml: soapBody(
          `<ns1:loginCmsResponse><ns1:loginCmsReturn>${esc(response)}</ns1:loginCmsReturn></ns1:loginCmsResponse>`,
          ` xmlns:ns1="${WSAA}"`,
        ),
      };
    } catch (err) {
      if (err instanceof WsaaFault) return { status: 500, xml: fault(`ns1:${err.code}`, err.message) };
      throw err;
    }
  }

  /** Token, Sign and Cuit of the Auth block: the errors, or none. */
  function authErrors(body: string): ArcaErr[] {
    const auth = text(body, 'Auth') ?? '';
    const ticket = [...tickets.values()].find((t) => t.token === text(auth, 'Token') && t.sign === text(auth, 'Sign'));
    if (!ticket || ticket.expiresAt <= Date.now()) return [ERRORS.badToken];
    if (ticket.cuit !== text(auth, 'Cuit')) return [ERRORS.wrongCuit];
    return [];
  }

  const lastOf = (cuit: string, ptoVta: number, cbteTipo: number) =>
    vouchers.filter((v) => v.cuit === cuit && v.ptoVta === ptoVta && v.cbteTipo === cbteTipo).at(-1);

  function solicitar(body: string, cuit: string, errors: ArcaErr[]): string {
    const ptoVta = num(body, 'PtoVta');
    const cbteTipo = num(body, 'CbteTipo');
    const det = text(body, 'FECAEDetRequest') ?? '';
    const optional = (name: string) => text(det, name) || undefined;
    const condicion = optional('CondicionIVAReceptorId');
    const d: Detail = {
      concepto: num(det, 'Concepto'),
      docTipo: num(det, 'DocTipo'),
      docNro: text(det, 'DocNro') ?? '',
      from: num(det, 'CbteDesde'),
      to: num(det, 'CbteHasta'),
      date: text(det, 'CbteFch') ?? '',
      impTotal: num(det, 'ImpTotal'),
      impTotConc: num(det, 'ImpTotConc'),
      impNeto: num(det, 'ImpNeto'),
      impOpEx: num(det, 'ImpOpEx'),
      impTrib: num(det, 'ImpTrib'),
      impIva: num(det, 'ImpIVA'),
      hasIvaArray: /<(?:[\w.-]+:)?Iva[\s>]/.test(det),
      serviceFrom: optional('FchServDesde'),
      serviceTo: optional('FchServHasta'),
      paymentDue: optional('FchVtoPago'),
      condicionIvaReceptorId: condicion === undefined ? undefined : Number(condicion),
    };
    if (!errors.length && options.ptoVtas && !options.ptoVtas.includes(ptoVta)) errors.push(ERRORS.ptoVtaDisabled);
    if (!errors.length && num(body, 'CantReg') !== 1)
      errors.push({ code: 10001, msg: 'CantReg debe ser 1 en este simulador' });
    const last = lastOf(cuit, ptoVta, cbteTipo);
    if (!errors.length) errors.push(...check(cbteTipo, d, last && { number: last.number, date: last.date }));
    const approved = !errors.length;
    let cae = '';
    let due = '';
    if (approved) {
      cae = `7${String(Date.now()).slice(-8)}${String(vouchers.length + 1).padStart(5, '0')}`;
      const date = new Date(`${d.date.slice(0, 4)}-${d.date.slice(4, 6)}-${d.date.slice(6, 8)}T12:00:00Z`);
      due = yyyymmdd(new Date(date.getTime() + 10 * 86_400_000));
      vouchers.push({
        cuit,
        ptoVta,
        cbteTipo,
        number: d.from,
        concepto: d.concepto,
        docTipo: d.docTipo,
        docNro: d.docNro,
        date: d.date,
        impTotal: text(det, 'ImpTotal') ?? '',
        serviceFrom: d.serviceFrom,
        serviceTo: d.serviceTo,
        paymentDue: d.paymentDue,
        condicionIvaReceptorId: d.condicionIvaReceptorId,
        associated: (det.match(/<(?:[\w.-]+:)?CbteAsoc>[\s\S]*?<\/(?:[\w.-]+:)?CbteAsoc>/g) ?? []).map((a) => ({
          tipo: num(a, 'Tipo'),
          ptoVta: num(a, 'PtoVta'),
          nro: num(a, 'Nro'),
        })),
        cae,
        caeDueDate: due,
      });
    }
    const result = approved ? 'A' : 'R';
    return (
      `<FeCabResp>${tags({ Cuit: cuit, PtoVta: ptoVta, CbteTipo: cbteTipo, FchProceso: `${yyyymmdd(new Date())}120000`, CantReg: 1, Resultado: result })}</FeCabResp>` +
      `<FeDetResp><FECAEDetResponse>${tags({ Concepto: d.concepto, DocTipo: d.docTipo, DocNro: d.docNro, CbteDesde: d.from, CbteHasta: d.to, CbteFch: d.date, Resultado: result })}` +
      `<CAE>${cae}</CAE><CAEFchVto>${due}</CAEFchVto></FECAEDetResponse></FeDetResp>${errs(approved ? [] : errors)}`
    );
  }

  function consultar(body: string, cuit: string): string {
    const v = vouchers.find(
      (x) =>
        x.cuit === cuit &&
        x.ptoVta === num(body, 'PtoVta') &&
        x.cbteTipo === num(body, 'CbteTipo') &&
        x.number === num(body, 'CbteNro'),
    );
    if (!v) return errs([ERRORS.notFound]);
    return `<ResultGet>${tags({
      Concepto: v.concepto,
      DocTipo: v.docTipo,
      DocNro: v.docNro,
      CbteDesde: v.number,
      CbteHasta: v.number,
      CbteFch: v.date,
      ImpTotal: v.impTotal,
      ImpTotConc: '0.00',
      ImpNeto: v.impTotal,
      ImpOpEx: '0.00',
      ImpTrib: '0.00',
      ImpIVA: '0.00',
      FchServDesde: v.serviceFrom,
      FchServHasta: v.serviceTo,
      FchVtoPago: v.paymentDue,
      MonId: 'PES',
      MonCotiz: '1',
      CondicionIVAReceptorId: v.condicionIvaReceptorId,
      Resultado: 'A',
      CodAutorizacion: v.cae,
      EmisionTipo: 'CAE',
      FchVto: v.caeDueDate,
      FchProceso: `${v.date}120000`,
      PtoVta: v.ptoVta,
      CbteTipo: v.cbteTipo,
    })}</ResultGet>`;
  }

  /** One WSFEv1 call: the HTTP status and body, or null to leave the caller waiting. */
  function wsfe(body: string): { status: number; xml: string } | null {
    const operation = /<soap(?:env)?:Body>\s*<(?:[\w.-]+:)?(\w+)/.exec(body)?.[1] ?? '';
    const now = takeMode(operation);
    if (now === 'timeout') return null;
    if (now === 'error500') return { status: 500, xml: fault('soap:Server', 'Error interno de base de datos') };
    const answer = (inner: string) => ({
      status: 200,
      xml: soapBody(
        `<${operation}Response xmlns="${FEV1}"><${operation}Result>${inner}</${operation}Result></${operation}Response>`,
      ),
    });
    if (operation === 'FEDummy') return answer(tags({ AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' }));
    if (now === 'internal') return answer(errs([ERRORS.internal]));
    const auth = authErrors(body);
    const cuit = text(text(body, 'Auth') ?? '', 'Cuit') ?? '';
    if (operation === 'FECompUltimoAutorizado') {
      const ptoVta = num(body, 'PtoVta');
      const cbteTipo = num(body, 'CbteTipo');
      const nro = auth.length ? 0 : (lastOf(cuit, ptoVta, cbteTipo)?.number ?? 0);
      return answer(tags({ PtoVta: ptoVta, CbteTipo: cbteTipo, CbteNro: nro }) + errs(auth));
    }
    if (operation === 'FECAESolicitar') {
      const xml = answer(solicitar(body, cuit, [...auth]));
      return now === 'accept-then-timeout' ? null : xml;
    }
    if (operation === 'FECompConsultar') return answer(auth.length ? errs(auth) : consultar(body, cuit));
    return { status: 500, xml: fault('soap:Client', `Operación desconocida: ${operation}`) };
  }

  const reply = (res: http.ServerResponse, status: number, xml: string, type = 'text/xml; charset=utf-8') =>
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': type });
      res.end(xml);
    }, latency);
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    reply(res, status, JSON.stringify(body), 'application/json');

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      try {
        const where = new URL(req.url ?? '/', 'http://fake').pathname;
        if (req.method === 'POST' && where === '/ws/services/LoginCms') {
          const { status, xml } = loginCms(body);
          return reply(res, status, xml);
        }
        if (req.method === 'POST' && where === '/wsfev1/service.asmx') {
          const answer = wsfe(body);
          if (!answer) return void held.add(res);
          return reply(res, answer.status, answer.xml);
        }
        // The tests' and the sandbox's controls, never ARCA's.
        if (req.method === 'GET' && where === '/__control/vouchers') return json(res, 200, vouchers);
        if (req.method === 'POST' && where === '/__control/mode') {
          const { mode: next, times } = JSON.parse(body || '{}') as { mode: FakeArcaMode; times?: number };
          control.setMode(next, times);
          return json(res, 200, { mode, times: modeTimes });
        }
        if (req.method === 'POST' && where === '/__control/latency') {
          control.setLatency(Number((JSON.parse(body || '{}') as { ms?: number }).ms ?? 0));
          return json(res, 200, { latency });
        }
        if (req.method === 'POST' && where === '/__control/expire-tickets')
          return (control.expireTickets(), json(res, 200, {}));
        if (req.method === 'POST' && where === '/__control/reset') return (control.reset(), json(res, 200, {}));
        return json(res, 404, { message: 'not found' });
      } catch (err) {
        reply(res, 500, fault('soap:Server', String(err)));
      }
    });
  });

  const control = {
    setMode(next: FakeArcaMode, times?: number) {
      if (!['normal', 'timeout', 'error500', 'internal', 'accept-then-timeout'].includes(next))
        throw new Error(`unknown mode ${next}`);
      mode = next;
      modeTimes = times ?? Infinity;
    },
    setLatency(ms: number) {
      latency = Math.max(0, ms);
    },
    expireTickets() {
      for (const t of tickets.values()) t.expiresAt = Date.now() - 1;
    },
    reset() {
      tickets.clear();
      vouchers = [];
      issued = 0;
      mode = 'normal';
      modeTimes = Infinity;
      latency = 0;
      for (const res of held) res.destroy();
      held.clear();
    },
  };

  // Node closes an idle kept-alive connection after 5 s; a client reusing it just then gets ECONNRESET
  // (seen inside Jest under Node 24, where a login takes seconds). ARCA keeps them longer.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    wsaaUrl: `${url}/ws/services/LoginCms`,
    wsfeUrl: `${url}/wsfev1/service.asmx`,
    vouchers: () => [...vouchers],
    logins: () => issued,
    ...control,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
