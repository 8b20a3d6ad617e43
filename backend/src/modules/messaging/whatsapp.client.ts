import { WHATSAPP_LANGUAGE } from '@gym/contracts/whatsapp';
import type { WhatsappConfig } from './messaging.settings';

/** What the Cloud API answered to one send: its message id, or its error as the job must judge it. */
export type SendOutcome =
  | { ok: true; wamid: string }
  | {
      ok: false;
      /** Graph's `error.code` (132001 unknown template, 131026 undeliverable, 130429 rate…); null: no answer. */
      code: number | null;
      httpStatus: number | null;
      /** Graph's message and details, for the log and last_error (never the token). */
      detail: string;
    };

export interface WhatsappClient {
  sendTemplate(to: string, template: string, params: readonly string[]): Promise<SendOutcome>;
}

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** POST {apiUrl}/{phoneNumberId}/messages with a template, as the Cloud API (and the local fake) take it. */
export function createWhatsappClient(settings: WhatsappConfig, timeoutMs = 10_000): WhatsappClient {
  return {
    async sendTemplate(to, template, params) {
      let res: Response;
      try {
        res = await fetch(`${settings.apiUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'template',
            template: {
              name: template,
              language: { code: WHATSAPP_LANGUAGE },
              components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
            },
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        return { ok: false, code: null, httpStatus: null, detail: err instanceof Error ? err.message : String(err) };
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        body = undefined;
      }
      const wamid = (body as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      if (res.ok && typeof wamid === 'string') return { ok: true, wamid };
      const error = (body as GraphError | undefined)?.error;
      const detail = [error?.message, error?.error_data?.details].filter(Boolean).join(': ') || `HTTP ${res.status}`;
      return { ok: false, code: typeof error?.code === 'number' ? error.code : null, httpStatus: res.status, detail };
    },
  };
}
