import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mixed, number, string, type TestContext } from 'yup';
import { isValidCuit } from './arca/cuit';
import { CONDICION_IVA_CODES } from '@gym/contracts/invoices';
import { allOrNone, settingRule, type Env } from '../../shared/setting-rule';

/**
 * The ARCA_* settings (issue 44), spread into config.ts's schema so docs/configuration.md lists
 * them. Invoicing is off until the four that identify the gym (CUIT, punto de venta, certificate
 * and key) are all set; some but not all stops the start naming the ones missing.
 */
const REQUIRED = ['ARCA_CUIT', 'ARCA_PTO_VTA', 'ARCA_CERT', 'ARCA_KEY'] as const;
const HOMOLOGACION = {
  wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
  wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
};

/** Set while another of the four is: the line names this one, and the ones that are set. */
const together = (name: (typeof REQUIRED)[number]) =>
  allOrNone(
    REQUIRED,
    name,
    `invoicing needs ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT and ARCA_KEY, set all four or none / falta ${name}: la facturación necesita los cuatro`,
  );

/** A PEM given inline (with real or `\n` line breaks) or the path of a file holding it. */
export function pemOf(value: string): string {
  const inline = value.replace(/\\n/g, '\n');
  return inline.includes('-----BEGIN') ? inline : readFileSync(value, 'utf8');
}

function readPem(value: string): { pem: string } | { problem: string } {
  try {
    return { pem: pemOf(value) };
  } catch {
    return { problem: 'is neither a PEM nor a file that can be read; give the path of the file or its PEM text' };
  }
}

function certificateProblem(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const read = readPem(value);
  if ('problem' in read) return read.problem;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(read.pem);
  } catch {
    return 'is not an X.509 certificate in PEM; download the .crt ARCA issued (Administración de Certificados Digitales)';
  }
  const until = new Date(cert.validTo);
  return until.getTime() <= Date.now()
    ? `expired on ${until.toISOString().slice(0, 10)}; make a new one in ARCA (Administración de Certificados Digitales) / el certificado venció`
    : undefined;
}

function keyProblem(value: string | undefined, ctx: TestContext): string | undefined {
  const parent = ctx.parent as Env;
  if (value === undefined) return undefined;
  const read = readPem(value);
  if ('problem' in read) return read.problem;
  let key: KeyObject;
  try {
    key = createPrivateKey(read.pem);
  } catch {
    return 'is not a private key in PEM';
  }
  const cert = parent.ARCA_CERT === undefined ? undefined : readPem(parent.ARCA_CERT);
  if (!cert || 'problem' in cert) return undefined; // ARCA_CERT's own line says what is wrong with it
  try {
    if (!new X509Certificate(cert.pem).checkPrivateKey(key))
      return 'is not the key of ARCA_CERT; give the key the certificate request was made with';
  } catch {
    return undefined;
  }
  return undefined;
}

const url = (fallback: string, doc: string) =>
  string()
    .trim()
    .test(
      settingRule<string | undefined>((value) => {
        if (value === undefined) return undefined;
        try {
          return ['http:', 'https:'].includes(new URL(value).protocol) ? undefined : 'must start with https://';
        } catch {
          return 'is not a valid URL; write it whole, e.g. https://host/path';
        }
      }),
    )
    .default(fallback)
    .meta({ doc });

export const arcaSettingsFields = {
  ARCA_CUIT: string()
    .trim()
    .test(together('ARCA_CUIT'))
    .test(
      settingRule<string | undefined>((value) =>
        value === undefined || isValidCuit(value)
          ? undefined
          : 'is not a valid CUIT (11 digits and its check digit); copy it from your constancia de inscripción / el CUIT no es válido',
      ),
    )
    .meta({
      doc: "the gym's CUIT (with or without dashes; its check digit is verified). With ARCA_PTO_VTA, ARCA_CERT and ARCA_KEY every payment is invoiced with a Factura C; without them invoicing is off",
    }),
  ARCA_PTO_VTA: number()
    .typeError('must be a whole number between 1 and 99998, got "${originalValue}"')
    .test(together('ARCA_PTO_VTA'))
    .test(
      settingRule<number | undefined>((value) =>
        value === undefined || (Number.isInteger(value) && value >= 1 && value <= 99998)
          ? undefined
          : `must be a whole number between 1 and 99998, got "${value}"`,
      ),
    )
    .meta({
      doc: 'the punto de venta enabled for web services (*RECE para aplicativo y web services*, in ARCA\'s "Administración de puntos de venta")',
    }),
  ARCA_CERT: string()
    .trim()
    .test(together('ARCA_CERT'))
    .test(settingRule<string | undefined>(certificateProblem))
    .meta({
      doc: "the gym's ARCA certificate for wsfe: a file's path or the PEM itself (refused at start when unreadable or expired)",
    }),
  ARCA_KEY: string().trim().test(together('ARCA_KEY')).test(settingRule<string | undefined>(keyProblem)).meta({
    doc: "the certificate's private key: a file's path or the PEM itself (server only; never logged)",
  }),
  ARCA_WSAA_URL: url(HOMOLOGACION.wsaa, "ARCA's login service (WSAA); homologación (testing) by default"),
  ARCA_WSFE_URL: url(
    HOMOLOGACION.wsfe,
    "ARCA's electronic invoices service (WSFEv1); homologación by default, `https://servicios1.afip.gov.ar/wsfev1/service.asmx` in production",
  ),
  ARCA_CONDICION_IVA_RECEPTOR_DEFAULT: number()
    .typeError('must be a number of RG 5616, got "${originalValue}"')
    .test(
      settingRule<number | undefined>((value) =>
        value === undefined || CONDICION_IVA_CODES.includes(value)
          ? undefined
          : `must be one ARCA accepts on a Factura C (${[...CONDICION_IVA_CODES].sort((a, b) => a - b).join(', ')}), got "${value}"`,
      ),
    )
    .default(5)
    .meta({ doc: "the buyer's IVA condition (RG 5616) when none is known: 5, consumidor final" }),
  ARCA_ALLOW_SIN_FACTURA: mixed((value): value is boolean => typeof value === 'boolean')
    .transform((value: unknown) =>
      typeof value === 'string' ? ({ true: true, '1': true, false: false, '0': false }[value.trim()] ?? value) : value,
    )
    .typeError('must be true or false (or 1/0), got "${originalValue}"')
    .default(false)
    .meta({ doc: 'whether staff may record a payment *sin factura* (each one audited); off by default' }),
  ARCA_TIMEOUT_SECONDS: number()
    .typeError('must be a positive integer, got "${originalValue}"')
    .integer('must be a positive integer, got "${originalValue}"')
    .positive('must be a positive integer, got "${originalValue}"')
    .default(15)
    .meta({ doc: 'how long a call to ARCA may take before the job counts ARCA as down and tries later' }),
};

type ArcaSettingValues = {
  ARCA_CUIT?: string;
  ARCA_PTO_VTA?: number;
  ARCA_CERT?: string;
  ARCA_KEY?: string;
  ARCA_WSAA_URL: string;
  ARCA_WSFE_URL: string;
  ARCA_CONDICION_IVA_RECEPTOR_DEFAULT: number;
  ARCA_ALLOW_SIN_FACTURA: boolean;
  ARCA_TIMEOUT_SECONDS: number;
};

export type InvoicingConfig = NonNullable<ReturnType<typeof invoicingConfig>>;

/** What the invoices module reads; undefined while invoicing is off (the four are checked together above). */
export function invoicingConfig(s: ArcaSettingValues) {
  if (!s.ARCA_CUIT || !s.ARCA_PTO_VTA || !s.ARCA_CERT || !s.ARCA_KEY) return undefined;
  const certPem = pemOf(s.ARCA_CERT);
  return {
    cuit: s.ARCA_CUIT.replace(/\D/g, ''),
    ptoVta: s.ARCA_PTO_VTA,
    certPem,
    keyPem: pemOf(s.ARCA_KEY),
    certExpiresAt: new Date(new X509Certificate(certPem).validTo),
    wsaaUrl: s.ARCA_WSAA_URL.replace(/\/+$/, ''),
    wsfeUrl: s.ARCA_WSFE_URL.replace(/\/+$/, ''),
    timeoutMs: s.ARCA_TIMEOUT_SECONDS * 1000,
    condicionIvaReceptorDefault: s.ARCA_CONDICION_IVA_RECEPTOR_DEFAULT,
    allowSinFactura: s.ARCA_ALLOW_SIN_FACTURA,
  };
}
