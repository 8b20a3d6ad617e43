// How the fake WSAA checks a LoginCms request, written from the CMS standard (RFC 5652) and WSAA's
// manual, never with the API's code: the signer's certificate must come from the test CA, be in
// date, and its signature over the signed attributes must hold, with the messageDigest attribute
// matching the TRA it carries. node-forge reads the structure; it does not verify SignedData.
import forge from 'node-forge';

export class WsaaFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

/** The TRA inside a base64 CMS and the CUIT of the certificate that signed it, or a WSAA fault. */
export function openCms(base64: string, ca: forge.pki.Certificate, now = new Date()): { tra: string; cuit: string } {
  let signed: forge.pkcs7.PkcsSignedData & {
    rawCapture?: { signerInfos?: forge.asn1.Asn1[]; content?: forge.asn1.Asn1 };
  };
  try {
    signed = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.decode64(base64.trim()))) as typeof signed;
  } catch {
    throw new WsaaFault('cms.bad', 'El CMS no es valido');
  }
  const certificate = signed.certificates[0];
  const signerInfo = signed.rawCapture?.signerInfos?.[0];
  const tra = contentOf(signed.rawCapture?.content);
  if (!certificate || !signerInfo || tra === undefined) throw new WsaaFault('cms.bad', 'El CMS no es valido');
  let trusted: boolean;
  try {
    trusted = ca.verify(certificate);
  } catch {
    trusted = false;
  }
  if (!trusted) throw new WsaaFault('cms.cert.untrusted', 'Certificado no emitido por AC de confianza');
  if (now < certificate.validity.notBefore || now > certificate.validity.notAfter)
    throw new WsaaFault('cms.cert.expired', 'Certificado expirado');
  if (!signatureHolds(signerInfo, certificate, tra))
    throw new WsaaFault('cms.sign.invalid', 'Firma inválida o algoritmo no soportado');
  const serial = certificate.subject.getField({ name: 'serialNumber' }) as { value?: string } | null;
  const cuit = /CUIT (\d{11})/.exec(serial?.value ?? '')?.[1];
  if (!cuit) throw new WsaaFault('cms.cert.invalid', 'El certificado no tiene CUIT en el campo serialNumber');
  return { tra: Buffer.from(tra, 'binary').toString('utf8'), cuit };
}

/** The eContent's bytes: [0] EXPLICIT OCTET STRING, whole or in constructed pieces. */
function contentOf(explicit: forge.asn1.Asn1 | undefined): string | undefined {
  const octets = (explicit?.value as forge.asn1.Asn1[] | undefined)?.[0];
  if (!octets) return undefined;
  if (typeof octets.value === 'string') return octets.value;
  return (octets.value as forge.asn1.Asn1[]).map((piece) => piece.value as string).join('');
}

/** SignerInfo: version, issuerAndSerialNumber, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature. */
function signatureHolds(signerInfo: forge.asn1.Asn1, certificate: forge.pki.Certificate, content: string): boolean {
  const parts = signerInfo.value as forge.asn1.Asn1[];
  const attributes = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
  const signature = parts.find(
    (p) => p.tagClass === forge.asn1.Class.UNIVERSAL && p.type === forge.asn1.Type.OCTETSTRING,
  );
  if (!attributes || !signature) return false;
  const digestOfContent = forge.md.sha256.create().update(content).digest().getBytes();
  const digestAttribute = (attributes.value as forge.asn1.Asn1[]).find(
    (a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === MESSAGE_DIGEST,
  );
  const declared = (
    (digestAttribute?.value as forge.asn1.Asn1[] | undefined)?.[1]?.value as forge.asn1.Asn1[] | undefined
  )?.[0]?.value;
  if (declared !== digestOfContent) return false;
  // The signature covers the attributes DER-encoded as a SET, not as the [0] they travel in.
  const set = forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.SET,
    true,
    attributes.value as forge.asn1.Asn1[],
  );
  const digest = forge.md.sha256.create().update(forge.asn1.toDer(set).getBytes()).digest().getBytes();
  try {
    return (certificate.publicKey as forge.pki.rsa.PublicKey).verify(digest, signature.value as string);
  } catch {
    return false;
  }
}
