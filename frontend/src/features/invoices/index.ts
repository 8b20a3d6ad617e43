export { invoicesPath } from './invoice-paths';
export { CertificateWarning } from './components/certificate-warning';
