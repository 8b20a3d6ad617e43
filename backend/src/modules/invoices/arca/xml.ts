// Just enough XML for ARCA's SOAP answers: we write every element ourselves (values escaped) and
// read a handful of known fields back. A tolerant reader of element text by local name keeps us off
// a general parser: the answers are small, flat where we read them, and never hold mixed content.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'" })[name]!)
    .replace(/&amp;/g, '&');

/** `<Name>value</Name>` for each defined entry, in order (undefined ones left out). */
export function elements(fields: Record<string, string | number | undefined>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join('');
}

/** The inner XML of every element with this local name (any namespace prefix), outermost first. */
export function readAll(xml: string, name: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?(/)?>`, 'g');
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(xml))) {
    if (match[1]) {
      found.push('');
      continue;
    }
    const close = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, 'g');
    close.lastIndex = pattern.lastIndex;
    const end = close.exec(xml);
    if (!end) break;
    found.push(xml.slice(pattern.lastIndex, end.index));
    pattern.lastIndex = close.lastIndex;
  }
  return found;
}

/** The text of the first element with this local name (entities and CDATA resolved), or undefined. */
export function readText(xml: string, name: string): string | undefined {
  const inner = readAll(xml, name)[0];
  return inner === undefined ? undefined : textOf(inner);
}

export function textOf(inner: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(inner);
  return cdata ? cdata[1]! : decode(inner.trim());
}

/** A SOAP 1.1 fault's code (its local part: `coe.alreadyAuthenticated`) and text, when the body is one. */
export function readFault(xml: string): { code: string; message: string } | null {
  const fault = readAll(xml, 'Fault')[0];
  if (fault === undefined) return null;
  const code = readText(fault, 'faultcode') ?? '';
  return { code: code.replace(/^[\w-]+:/, ''), message: readText(fault, 'faultstring') ?? '' };
}
