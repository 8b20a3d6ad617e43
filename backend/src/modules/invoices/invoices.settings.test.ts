import { readFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { TEST_CA_DIR, TEST_CUIT } from '../../../../scripts/fake-arca/server';
import { loadConfig } from '../../config';
import { configProblems as problems } from '../../test/test-config';

const file = (name: string) => path.join(TEST_CA_DIR, name);
const complete = {
  ARCA_CUIT: TEST_CUIT,
  ARCA_PTO_VTA: '3',
  ARCA_CERT: file('gym-test.crt'),
  ARCA_KEY: file('gym-test.key'),
};

/** A certificate for the test key that ended yesterday (TEST MATERIAL, made here). */
function expiredCertificate(): string {
  const key = forge.pki.privateKeyFromPem(readFileSync(file('gym-test.key'), 'utf8')) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 3 * 86_400_000);
  cert.validity.notAfter = new Date(Date.now() - 86_400_000);
  cert.setSubject([{ name: 'commonName', value: 'gimnasio-prueba-vencido' }]);
  cert.setIssuer([{ name: 'commonName', value: 'gimnasio-prueba-vencido' }]);
  cert.sign(key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

describe('the ARCA_* settings', () => {
  test('unset, invoicing is off; all four set, it is on with the homologación addresses', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).invoicing).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', ...complete, ARCA_CUIT: '20-12345678-6' }).invoicing).toEqual(
      expect.objectContaining({
        cuit: TEST_CUIT,
        ptoVta: 3,
        wsaaUrl: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
        wsfeUrl: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
        condicionIvaReceptorDefault: 5,
        allowSinFactura: false,
      }),
    );
  });

  test('the PEM itself works as well as its file, with real or written line breaks', () => {
    const pem = readFileSync(file('gym-test.key'), 'utf8');
    const env = { ...complete, ARCA_KEY: pem.replace(/\n/g, '\\n') };
    expect(loadConfig({ NODE_ENV: 'test', ...env }).invoicing?.keyPem.trim()).toBe(pem.trim());
  });

  test('some but not all four: one line names each missing one', () => {
    expect(problems({ ARCA_CUIT: TEST_CUIT, ARCA_PTO_VTA: '3' })).toEqual([
      'ARCA_CERT: is missing while ARCA_CUIT, ARCA_PTO_VTA are set: invoicing needs ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT and ARCA_KEY, set all four or none / falta ARCA_CERT: la facturación necesita los cuatro',
      'ARCA_KEY: is missing while ARCA_CUIT, ARCA_PTO_VTA are set: invoicing needs ARCA_CUIT, ARCA_PTO_VTA, ARCA_CERT and ARCA_KEY, set all four or none / falta ARCA_KEY: la facturación necesita los cuatro',
    ]);
  });

  test('a CUIT failing its check digit, a missing file, an expired certificate, a key of another: refused', () => {
    expect(problems({ ...complete, ARCA_CUIT: '20123456787' })).toEqual([
      'ARCA_CUIT: is not a valid CUIT (11 digits and its check digit); copy it from your constancia de inscripción / el CUIT no es válido',
    ]);
    expect(problems({ ...complete, ARCA_CERT: file('no-existe.crt') })).toEqual([
      'ARCA_CERT: is neither a PEM nor a file that can be read; give the path of the file or its PEM text',
    ]);
    const [expired] = problems({ ...complete, ARCA_CERT: expiredCertificate() });
    expect(expired).toMatch(
      /^ARCA_CERT: expired on \d{4}-\d{2}-\d{2}; make a new one in ARCA \(Administración de Certificados Digitales\) \/ el certificado venció$/,
    );
    expect(problems({ ...complete, ARCA_KEY: file('untrusted-test.key') })).toEqual([
      'ARCA_KEY: is not the key of ARCA_CERT; give the key the certificate request was made with',
    ]);
    expect(problems({ ...complete, ARCA_PTO_VTA: '0' })).toEqual([
      'ARCA_PTO_VTA: must be a whole number between 1 and 99998, got "0"',
    ]);
    expect(problems({ ...complete, ARCA_CONDICION_IVA_RECEPTOR_DEFAULT: '2' })).toEqual([
      'ARCA_CONDICION_IVA_RECEPTOR_DEFAULT: must be one ARCA accepts on a Factura C (1, 4, 5, 6, 7, 8, 9, 10, 13, 15, 16), got "2"',
    ]);
  });
});
