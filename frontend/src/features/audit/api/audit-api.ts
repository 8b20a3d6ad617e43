import type { AuditPage } from '@gym/contracts/roles';
import { api } from '@/api/client';

/** GET /v1/audit with the screen's filters, passed as they are in its URL. */
export const getAudit = (query: URLSearchParams, signal?: AbortSignal) =>
  api.get('audit', { searchParams: query, signal }).json<AuditPage>();
