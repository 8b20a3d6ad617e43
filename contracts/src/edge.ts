import { httpMessages } from './messages';

/** What nginx answers for /v1 when the request never reaches the API (nginx/nginx.conf holds the same texts). */
export const edgeMessages = {
  payloadTooLarge: httpMessages.payloadTooLarge,
  unavailable: httpMessages.databaseDown,
  timeout: 'El servidor tardó demasiado en responder. Probá de nuevo en unos minutos.',
  /** One address searching faster than a person types (limit_req on q=). */
  searchBusy: 'Hay muchas búsquedas en curso. Probá de nuevo en unos segundos.',
} as const;

/** The page's last resort (frontend/src/app/root-error-boundary.tsx): a screen failed, often a deploy under an open tab. */
export const appShellMessages = {
  crashedTitle: 'Algo salió mal',
  crashedText: 'No pudimos mostrar esta página. Puede que el sitio se haya actualizado mientras la tenías abierta.',
  retry: 'Reintentar',
} as const;
