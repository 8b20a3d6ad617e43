// What the fake WSFEv1 checks in a FECAESolicitar, with ARCA's error codes and messages as its
// manual (WSFEv1 COMPG) words them: numbering, RG 5616's receiver condition, the service dates
// of concept 2 and 3, and the totals of a class C voucher (no IVA).

export interface Detail {
  concepto: number;
  docTipo: number;
  docNro: string;
  from: number;
  to: number;
  date: string;
  impTotal: number;
  impTotConc: number;
  impNeto: number;
  impOpEx: number;
  impTrib: number;
  impIva: number;
  hasIvaArray: boolean;
  serviceFrom?: string;
  serviceTo?: string;
  paymentDue?: string;
  condicionIvaReceptorId?: number;
}

export interface ArcaErr {
  code: number;
  msg: string;
}

export const ERRORS = {
  notNext: {
    code: 10016,
    msg: 'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  },
  condicionIvaMissing: {
    code: 10242,
    msg: 'El campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolución General Nro 5616. Para mas informacion consultar metodo FEParamGetCondicionIvaReceptor.',
  },
  condicionIvaInvalid: {
    code: 10246,
    msg: 'El campo Condicion Frente al IVA del receptor no es un valor permitido para la clase de comprobante informada. Consultar metodo FEParamGetCondicionIvaReceptor.',
  },
  serviceFrom: { code: 10035, msg: 'Si el Concepto es igual a 2 o 3 el campo FchServDesde es obligatorio.' },
  serviceTo: { code: 10036, msg: 'Si el Concepto es igual a 2 o 3 el campo FchServHasta es obligatorio.' },
  paymentDue: { code: 10037, msg: 'Si el Concepto es igual a 2 o 3 el campo FchVtoPago es obligatorio.' },
  cTotal: {
    code: 10047,
    msg: 'Para comprobantes clase C el campo ImpTotal debe ser igual a la suma de ImpNeto + ImpTrib, e ImpTotConc, ImpOpEx e ImpIVA deben ser 0.',
  },
  cIva: { code: 10071, msg: 'Para comprobantes tipo C el objeto IVA no debe informarse.' },
  notFound: { code: 602, msg: 'Sin Resultados: - Metodo FECompConsultar' },
  badToken: { code: 600, msg: 'ValidacionDeToken: No validaron las credenciales o el token expiró.' },
  wrongCuit: { code: 601, msg: 'CUIT representada no incluida en Token' },
  ptoVtaDisabled: {
    code: 11002,
    msg: 'El punto de venta no se encuentra habilitado a usar el presente WS. Ver metodo FEParamGetPtosVenta.',
  },
  internal: { code: 501, msg: 'Error interno de base de datos' },
} satisfies Record<string, ArcaErr>;

/** RG 5616's receiver conditions a class C voucher (11, 12, 13, …) accepts (FEParamGetCondicionIvaReceptor). */
const C_CONDITIONS = new Set([1, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16]);
const CLASS_C = new Set([11, 12, 13, 15]);

export function check(cbteTipo: number, d: Detail, last: { number: number; date: string } | undefined): ArcaErr[] {
  const errors: ArcaErr[] = [];
  if (d.from !== (last?.number ?? 0) + 1 || d.to !== d.from || (last && d.date < last.date))
    errors.push(ERRORS.notNext);
  if (d.condicionIvaReceptorId === undefined) errors.push(ERRORS.condicionIvaMissing);
  else if (CLASS_C.has(cbteTipo) && !C_CONDITIONS.has(d.condicionIvaReceptorId))
    errors.push(ERRORS.condicionIvaInvalid);
  if (d.concepto === 2 || d.concepto === 3) {
    if (!d.serviceFrom) errors.push(ERRORS.serviceFrom);
    if (!d.serviceTo) errors.push(ERRORS.serviceTo);
    if (!d.paymentDue) errors.push(ERRORS.paymentDue);
  }
  if (CLASS_C.has(cbteTipo)) {
    const cents = (n: number) => Math.round(n * 100);
    if (
      cents(d.impTotal) !== cents(d.impNeto) + cents(d.impTrib) ||
      cents(d.impIva) !== 0 ||
      cents(d.impTotConc) !== 0 ||
      cents(d.impOpEx) !== 0
    )
      errors.push(ERRORS.cTotal);
    if (d.hasIvaArray) errors.push(ERRORS.cIva);
  }
  return errors;
}
