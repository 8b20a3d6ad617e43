export { invoicesPath } from './invoice-paths';
