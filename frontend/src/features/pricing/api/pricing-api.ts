import type { Plan } from '@gym/contracts/plans';
import type {
  IpcReport,
  IpcView,
  PriceChangeInput,
  PriceChangeView,
  PriceNoticeView,
  PricePreview,
} from '@gym/contracts/pricing';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export const listPlans = (signal?: AbortSignal) => api.get('obtenerlistadeplanes', { signal }).json<Plan[]>();

/** The last IPC month, its value and its monthly change; 409 while it could not be read. */
export const getIpc = (signal?: AbortSignal) => api.get('precios/ipc', { signal }).json<IpcView>();

/** Scheduled, told, applied and cancelled changes, the latest date first. */
export const getChanges = (signal?: AbortSignal) =>
  api.get('precios/cambios', { signal }).json<{ cambios: PriceChangeView[] }>();

/** What a change would do: nothing is written. */
export const previewChange = (input: PriceChangeInput) =>
  api.post('precios/cambios/preview', { json: input, retry: 0 }).json<PricePreview>();

export const createChange = (input: PriceChangeInput) =>
  changing(['plans'], api.post('precios/cambios', { json: input, retry: 0 }).json<PriceChangeView>());

export const cancelChange = (id: string) =>
  changing(
    ['plans'],
    api.delete(`precios/cambios/${encodeURIComponent(id)}`, { retry: 0 }).json<{ message: string }>(),
  );

export const postponeChange = (id: string, fecha: string) =>
  changing(
    ['plans'],
    api
      .post(`precios/cambios/${encodeURIComponent(id)}/posponer`, { json: { fecha }, retry: 0 })
      .json<PriceChangeView>(),
  );

/** The member's coming price changes, for the portal's banner. */
export const myPriceNotices = (signal?: AbortSignal) =>
  api.get('socio/avisos-de-precio', { signal }).json<{ avisos: PriceNoticeView[] }>();

/** Twelve months of income beside the same in pesos of the last IPC month, and the bajas after each change. */
export const getIpcReport = (signal?: AbortSignal) => api.get('reportes/ipc', { signal }).json<IpcReport>();
