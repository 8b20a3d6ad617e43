import forge from 'node-forge';
import { ArcaAlreadyAuthenticated, ArcaAuthError, ArcaUnavailable } from './errors';
import { envelope, postSoap } from './soap';
import type { ArcaTicket } from './types';
import { elements, readFault, readText } from './xml';

const WSAA_NS = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

/**
 * The access ticket request (TRA). Its window opens a few minutes back so a clock slightly ahead of
 * ARCA's is not refused (xml.generationTime.invalid); WSAA sets the ticket's own lifetime (12 h).
 */
export function buildTra(service: string, now = new Date()): string {
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
  return (
    '<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header>' +
    elements({
      uniqueId: Math.floor(now.getTime() / 1000) >>> 0,
      generationTime: minutes(-5),
      expirationTime: minutes(5),
    }) +
    `</header>${elements({ service })}</loginTicketRequest>`
  );
}

/** The TRA signed as CMS SignedData (SHA-256, content and certificate inside), in base64 as LoginCms wants it. */
export function signTra(tra: string, certPem: string, keyPem: string): string {
  const certificate = forge.pki.certificateFromPem(certPem);
  const signed = forge.pkcs7.createSignedData();
  signed.content = forge.util.createBuffer(tra, 'utf8');
  signed.addCertificate(certificate);
  signed.addSigner({
    key: forge.pki.privateKeyFromPem(keyPem),
    certificate,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data! },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: new Date() as unknown as string },
    ],
  });
  signed.sign();
  return forge.util.encode64(forge.asn1.toDer(signed.toAsn1()).getBytes());
}

/** LoginCms: a new ticket for the service, or the fault as a typed error. */
export async function loginCms(
  settings: { wsaaUrl: string; certPem: string; keyPem: string; timeoutMs: number },
  service: string,
): Promise<ArcaTicket> {
  const cms = signTra(buildTra(service), settings.certPem, settings.keyPem);
  const request = envelope({ wsaa: WSAA_NS }, `<wsaa:loginCms>${elements({ 'wsaa:in0': cms })}</wsaa:loginCms>`);
  const { status, body } = await postSoap(settings.wsaaUrl, '', request, settings.timeoutMs);
  const fault = readFault(body);
  if (fault?.code === 'coe.alreadyAuthenticated') throw new ArcaAlreadyAuthenticated(fault.message);
  // WSAA's own refusals have dotted codes (cms.cert.untrusted, coe.notAuthorized, xml.bad); a bare
  // soapenv:Server or wsn.unavailable is the service being down.
  if (fault && fault.code.includes('.') && fault.code !== 'wsn.unavailable')
    throw new ArcaAuthError(fault.code, fault.message);
  if (status >= 500 || fault) throw new ArcaUnavailable(`WSAA answered ${status}: ${fault?.message ?? 'no ticket'}`);
  const ticket = readText(body, 'loginCmsReturn');
  const token = ticket && readText(ticket, 'token');
  const sign = ticket && readText(ticket, 'sign');
  const expiration = ticket && readText(ticket, 'expirationTime');
  if (!token || !sign || !expiration) throw new ArcaUnavailable(`WSAA answered ${status} without a ticket`);
  return { token, sign, expiresAt: new Date(expiration) };
}
