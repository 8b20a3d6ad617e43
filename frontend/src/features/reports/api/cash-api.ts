import type { CashClosing, CashExpectation } from '@gym/contracts/reports';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export interface CashNow {
  esperado: CashExpectation;
  cierres: CashClosing[];
}

/** The signed-in person's open shift (what is expected now) and their latest closings. */
export const getCash = (signal?: AbortSignal) => api.get('caja', { signal }).json<CashNow>();

/** The cash counted in whole centavos, as the closing answers it. */
export const closeCash = (fields: { contadoCentavos: number; nota: string }) =>
  changing(['cash'], api.post('caja/cierres', { json: fields, retry: 0 }).json<{ cierre: CashClosing }>());

/** Everyone's closings of one day (the owner's list). */
export const getDayClosings = (dia: string, signal?: AbortSignal) =>
  api.get('caja/cierres', { searchParams: { dia }, signal }).json<{ dia: string; cierres: CashClosing[] }>();

export const closingPdfUrl = (id: string) => `/v1/caja/cierres/${encodeURIComponent(id)}/pdf`;
