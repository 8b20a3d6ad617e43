import fc from 'fast-check';

/** A JSON object kept as its list of entries, so it can carry `__proto__` and repeated keys. */
export class RawObject {
  constructor(readonly entries: [string, unknown][]) {}
}

/** A query value sent exactly as written (broken percent-encoding and the like). */
export class RawText {
  constructor(readonly text: string) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawObject) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value) ?? 'null';
}

/** encodeURIComponent that never throws: a lone surrogate goes as the bytes Node would send. */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
}

export const encodeQuery = (pairs: [string, string | RawText][]) =>
  pairs.map(([k, v]) => `${encodeLoose(k)}=${v instanceof RawText ? v.text : encodeLoose(v)}`).join('&');

const SQL = [
  "' OR '1'='1",
  "' OR 1=1--",
  "admin@gym.local'--",
  "'; DROP TABLE products; --",
  '1; SELECT pg_sleep(3)--',
  "' UNION SELECT password_hash FROM accounts--",
  '")) OR 1=1--',
  '\\',
  "\\'",
  '%',
  '_',
  '%_%',
  '$1',
  '::text',
  'ARRAY[1]',
];
const MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}',
  '${7*7}',
  '<!--',
  ']]>',
  '&lt;b&gt;',
];
const ODD = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eabc',
  '\uD800',
  '\uDFFF',
  '𝕏🏋️‍♀️',
  'ñandú ÁÉÍÓÚ',
  '\r\nSet-Cookie: sid=x',
  '../../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];
export const HOSTILE_STRINGS = [...SQL, ...MARKUP, ...ODD];

export const FIELD_NAMES = [
  'email',
  'password',
  'confirmPassword',
  'code',
  'name',
  'lastname',
  'nombre',
  'categoria',
  'precio',
  'imagen',
  'descripcion',
  'portada',
  'talle',
  'color',
  'stock',
  'updatedAt',
  'idUsuario',
  'edad',
  'correo',
  'celular',
  'plan',
  'idPlan',
  'nombrePlan',
  'description',
  'codigoPlan',
  'user_name',
  'user_email',
  'user_message',
  'turno',
  'entrenador',
  '_id',
  'id',
  'city',
  '__proto__',
  'constructor',
  'prototype',
];

export const QUERY_KEYS = [
  'categoria',
  'talle',
  'color',
  'precio',
  'q',
  'page',
  'limit',
  'portada',
  'sort',
  'city',
  'id',
  '__proto__',
  'constructor',
  'toString',
];

const PLAUSIBLE_QUERY = ['equipos', 'all', 'm', 'negro', '0', '1500', '6500', 'true', 'false', '1', '5', 'precio_asc'];
const RAW_QUERY = ['%00', '%FF', '%C0%AF', '%', '%%', '%2', '%uFFFF', '%E0%A4%A', 'a&b', '=', ';', '+'];

export const hostileString = (maxLength: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: Math.min(maxLength, 40) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 40) }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: maxLength }).map((n) => "Ñ<'".repeat(n).slice(0, n)) },
  );

const pollution = new RawObject([
  ['polluted', 'sí'],
  ['isAdmin', true],
  ['toString', 'x'],
]);

/** Any JSON value, with hostile strings, wrong types, huge values and prototype keys. */
export const { value: hostileValue } = fc.letrec<{ value: unknown; object: RawObject }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    hostileString(150_000),
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 1, 1e308, -1e308, 2 ** 53 + 1, 0.5, true, false, null, pollution),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 })), tie('value')), {
      maxLength: 6,
    })
    .map((entries) => new RawObject(entries)),
}));

/** A plausible body with some fields dropped and some replaced: reaches validation and the database. */
export const mutatedBody = (template: Record<string, unknown>) =>
  fc
    .record({
      drop: fc.subarray(Object.keys(template), { maxLength: Math.min(3, Object.keys(template).length) }),
      replace: fc.array(fc.tuple(fc.constantFrom(...FIELD_NAMES, ...Object.keys(template)), hostileValue), {
        minLength: 1,
        maxLength: 3,
      }),
    })
    .map(({ drop, replace }) => {
      const kept = Object.entries(template).filter(([k]) => !drop.includes(k));
      return new RawObject([...kept, ...replace]);
    });

export interface HostileBody {
  contentType: string;
  text: string;
  /** Sent as Content-Encoding while the text stays as it is: a body that does not decompress. */
  contentEncoding?: string;
}

/** Encodings the body parser inflates (gzip, deflate, br), their spellings, and ones it does not know. */
export const CONTENT_ENCODINGS = [
  'gzip',
  'deflate',
  'br',
  'x-gzip',
  'GZIP',
  'gzip, br',
  'compress',
  'zstd',
  'identity',
];

const plainBody = (template: Record<string, unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: mutatedBody(template).map((v) => ({ contentType: 'application/json', text: toJson(v) })) },
    { weight: 3, arbitrary: hostileValue.map((v) => ({ contentType: 'application/json', text: toJson(v) })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((text) => ({ contentType: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/json; charset=latin1',
            'multipart/form-data; boundary=x',
            'text/html',
          ),
          fc.string({ maxLength: 200 }),
        )
        .map(([contentType, text]) => ({ contentType, text })),
    },
  );

export const hostileBody = (template: Record<string, unknown>) =>
  fc
    .tuple(plainBody(template), fc.option(fc.constantFrom(...CONTENT_ENCODINGS), { freq: 2 }))
    .map(([body, contentEncoding]): HostileBody => (contentEncoding ? { ...body, contentEncoding } : body));

export const hostileQuery = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
    fc.oneof(
      { weight: 3, arbitrary: hostileString(1500) },
      { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE_QUERY) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY).map((t) => new RawText(t)) },
    ),
  ),
  { maxLength: 6 },
);

export const hostilePathParam = (realIds: string[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...realIds, '00000000-0000-4000-8000-000000000000') },
    { weight: 3, arbitrary: hostileString(300).map(encodeLoose) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%FF') },
  );

export const hostileCookie = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('sid=' + 'A'.repeat(43), 'sid=%E0%A4%A', 'sid=j:{"__proto__":{"x":1}}', `sid=${'B'.repeat(5000)}`),
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `sid=${s.replace(/[^\x21-\x7e]/g, '')}`),
);
