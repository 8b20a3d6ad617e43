import ky, { HTTPError } from 'ky';
import { httpMessages } from '@gym/contracts/messages';
import { isApiErrorBody } from '@gym/contracts/errors';

export const SESSION_EXPIRED_EVENT = 'gym:session-expired';

/** Paths whose 401 is an answer, not a lost staff session (the members' portal has its own). */
const AUTH_PATHS = /\/v1\/(user\/log(in|out)$|auth\/me$|socio\/)/;

/** The one HTTP client: same-origin /v1, JSON errors, a lost session announced once. */
export const api = ky.create({
  prefixUrl: '/v1',
  credentials: 'same-origin',
  timeout: 15_000,
  retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
  hooks: {
    afterResponse: [
      async (request, _options, response) => {
        if (response.status !== 401 || AUTH_PATHS.test(new URL(request.url).pathname)) return;
        const message = await errorMessageOf(response.clone(), httpMessages.sessionExpired);
        window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: message }));
      },
    ],
  },
});

async function errorMessageOf(response: Response, fallback: string): Promise<string> {
  try {
    const body: unknown = await response.json();
    return isApiErrorBody(body) ? body.error.message : fallback;
  } catch {
    return fallback;
  }
}

export interface ApiFailure {
  status: number | null;
  message: string;
  fields: Record<string, string>;
}

/** Any failed call as something a person can read: the API's Spanish message, or a plain one. */
export async function toApiFailure(err: unknown): Promise<ApiFailure> {
  if (err instanceof HTTPError) {
    const response = err.response;
    try {
      const body: unknown = await response.clone().json();
      if (isApiErrorBody(body)) {
        return { status: response.status, message: body.error.message, fields: body.error.fields ?? {} };
      }
    } catch {
      /* not JSON: fall through */
    }
    return { status: response.status, message: httpMessages.internal, fields: {} };
  }
  return { status: null, message: 'No pudimos conectarnos con el servidor. Revisá tu conexión.', fields: {} };
}
