import type { BackupStatus } from '@gym/contracts/operations';
import { api } from '@/api/client';

export const getBackupStatus = (signal?: AbortSignal) => api.get('respaldos', { signal }).json<BackupStatus>();
