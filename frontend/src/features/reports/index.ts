export { reportPaths } from './report-paths';
