import { ArcaError, ArcaUnavailable } from './errors';
import { envelope, postSoap } from './soap';
import type { ArcaMessage, ArcaOutcome, ArcaTicket, ArcaVoucher } from './types';
import { elements, readAll, readFault, readText } from './xml';

const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
/** ARCA's own "internal error" codes (application, database, transaction): the service is down, not the voucher wrong. */
const INTERNAL = new Set([500, 501, 502]);
export const NOT_FOUND = 602;

export interface WsfeCall {
  url: string;
  timeoutMs: number;
}
export type Credentials = ArcaTicket & { cuit: string };

/** Every element of WSFEv1 is qualified: `ar:Name`. */
const ar = (fields: Record<string, string | number | undefined>) =>
  elements(Object.fromEntries(Object.entries(fields).map(([name, value]) => [`ar:${name}`, value])));
const wrap = (name: string, inner: string) => `<ar:${name}>${inner}</ar:${name}>`;
const auth = (c: Credentials) => wrap('Auth', ar({ Token: c.token, Sign: c.sign, Cuit: c.cuit }));

export const toArcaDate = (date: string) => date.replaceAll('-', '');
export const fromArcaDate = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
/** Centavos as ARCA's pesos with two decimals, and back (rounded, never a float sum). */
export const pesos = (centavos: number) => (centavos / 100).toFixed(2);
export const centavos = (pesosText: string) => Math.round(Number(pesosText) * 100);

const messages = (xml: string, group: string, item: string): ArcaMessage[] =>
  readAll(xml, group).flatMap((inner) =>
    readAll(inner, item).map((one) => ({ code: Number(readText(one, 'Code')), msg: readText(one, 'Msg') ?? '' })),
  );

/** One WSFEv1 operation: its result element, with HTTP 5xx, faults and ARCA's internal errors as ArcaUnavailable. */
async function call(target: WsfeCall, operation: string, inner: string): Promise<string> {
  const request = envelope({ ar: FEV1 }, wrap(operation, inner));
  const { status, body } = await postSoap(target.url, `${FEV1}${operation}`, request, target.timeoutMs);
  const fault = readFault(body);
  if (status >= 500 || fault)
    throw new ArcaUnavailable(`WSFE ${operation} answered ${status}: ${fault?.message ?? body.slice(0, 200)}`);
  if (status !== 200) throw new Error(`WSFE ${operation} answered HTTP ${status}`);
  const result = readAll(body, `${operation}Result`)[0];
  if (result === undefined) throw new ArcaUnavailable(`WSFE ${operation} answered without a result`);
  const internal = messages(result, 'Errors', 'Err').find((e) => INTERNAL.has(e.code));
  if (internal) throw new ArcaUnavailable(`WSFE ${operation}: (${internal.code}) ${internal.msg}`);
  return result;
}

export async function feDummy(target: WsfeCall) {
  const result = await call(target, 'FEDummy', '');
  return {
    appServer: readText(result, 'AppServer') ?? '',
    dbServer: readText(result, 'DbServer') ?? '',
    authServer: readText(result, 'AuthServer') ?? '',
  };
}

export async function feCompUltimoAutorizado(target: WsfeCall, c: Credentials, ptoVta: number, cbteTipo: number) {
  const result = await call(target, 'FECompUltimoAutorizado', auth(c) + ar({ PtoVta: ptoVta, CbteTipo: cbteTipo }));
  const errors = messages(result, 'Errors', 'Err');
  if (errors.length) throw new ArcaError(errors);
  return Number(readText(result, 'CbteNro') ?? 0);
}

function detail(v: ArcaVoucher): string {
  const total = pesos(v.totalCentavos);
  const associated = v.associated?.length
    ? wrap(
        'CbtesAsoc',
        v.associated
          .map((a) =>
            wrap(
              'CbteAsoc',
              ar({ Tipo: a.cbteTipo, PtoVta: a.ptoVta, Nro: a.number, Cuit: a.cuit, CbteFch: toArcaDate(a.date) }),
            ),
          )
          .join(''),
      )
    : '';
  // The order is the WSDL's sequence. A Factura C has no IVA: ImpNeto is the total and no Iva array.
  const fields = ar({
    Concepto: v.concepto,
    DocTipo: v.docTipo,
    DocNro: v.docNro,
    CbteDesde: v.number,
    CbteHasta: v.number,
    CbteFch: toArcaDate(v.date),
    ImpTotal: total,
    ImpTotConc: '0.00',
    ImpNeto: total,
    ImpOpEx: '0.00',
    ImpTrib: '0.00',
    ImpIVA: '0.00',
    FchServDesde: v.serviceFrom && toArcaDate(v.serviceFrom),
    FchServHasta: v.serviceTo && toArcaDate(v.serviceTo),
    FchVtoPago: v.paymentDue && toArcaDate(v.paymentDue),
    MonId: 'PES',
    MonCotiz: 1,
    CondicionIVAReceptorId: v.condicionIvaReceptorId,
  });
  return wrap('FECAEDetRequest', fields + associated);
}

export async function feCaeSolicitar(target: WsfeCall, c: Credentials, v: ArcaVoucher): Promise<ArcaOutcome> {
  const head = wrap('FeCabReq', ar({ CantReg: 1, PtoVta: v.ptoVta, CbteTipo: v.cbteTipo }));
  const request = wrap('FeCAEReq', head + wrap('FeDetReq', detail(v)));
  const result = await call(target, 'FECAESolicitar', auth(c) + request);
  const errors = messages(result, 'Errors', 'Err');
  // Bad credentials say nothing about the voucher: the caller gets a fresh ticket and asks again.
  const credentials = errors.find((e) => e.code === 600 || e.code === 601);
  if (credentials) throw new ArcaError([credentials]);
  const answer = readAll(result, 'FECAEDetResponse')[0] ?? '';
  const observations = messages(answer, 'Observaciones', 'Obs');
  const cae = readText(answer, 'CAE');
  const dueDate = readText(answer, 'CAEFchVto');
  if (readText(answer, 'Resultado') === 'A' && cae && dueDate)
    return { outcome: 'approved', cae, caeDueDate: fromArcaDate(dueDate), observations };
  return { outcome: 'rejected', errors, observations };
}

export async function feCompConsultar(
  target: WsfeCall,
  c: Credentials,
  ptoVta: number,
  cbteTipo: number,
  number: number,
) {
  const query = wrap('FeCompConsReq', ar({ CbteTipo: cbteTipo, CbteNro: number, PtoVta: ptoVta }));
  const result = await call(target, 'FECompConsultar', auth(c) + query);
  const errors = messages(result, 'Errors', 'Err');
  if (errors.some((e) => e.code === NOT_FOUND)) return null;
  if (errors.length) throw new ArcaError(errors);
  const found = readAll(result, 'ResultGet')[0];
  if (found === undefined) return null;
  const field = (name: string) => readText(found, name) ?? '';
  return {
    cae: field('CodAutorizacion'),
    caeDueDate: fromArcaDate(field('FchVto')),
    totalCentavos: centavos(field('ImpTotal')),
    date: fromArcaDate(field('CbteFch')),
    docNro: field('DocNro'),
  };
}
