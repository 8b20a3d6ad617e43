import { ArcaUnavailable } from './errors';

export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

export const envelope = (namespaces: Record<string, string>, body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}"${Object.entries(namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('')}><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

/**
 * One SOAP 1.1 call over fetch. A timeout or a network error is ArcaUnavailable; the status and the
 * body are the caller's to read (a SOAP fault travels with HTTP 500, and WSAA's faults mean something).
 */
export async function postSoap(
  url: string,
  action: string,
  xml: string,
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` },
      body: xml,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const what = err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
    throw new ArcaUnavailable(`ARCA ${what} (${action || 'LoginCms'} at ${new URL(url).host})`, { cause: err });
  }
}
