// The staff side's imports, apart from index.ts so that the public bundle does not carry them.
export { RequireStaff } from './components/require-staff';
export { useCan } from './use-can';
export { ForbiddenPage } from './components/forbidden-page';
