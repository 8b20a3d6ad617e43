export { BackupStatus } from './components/backup-status';
