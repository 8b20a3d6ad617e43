import type { WhatsappConsentView, WhatsappMessageView } from '@gym/contracts/whatsapp';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** The client's WhatsApp consent (who gave it and when) and whether the gym sends by WhatsApp at all. */
export const clientWhatsapp = (idUsuario: string, signal?: AbortSignal) =>
  api.get(`clientes/${encodeURIComponent(idUsuario)}/whatsapp`, { signal }).json<WhatsappConsentView>();

/** The client's WhatsApp messages, newest first, with their status and times. */
export const clientMessages = (idUsuario: string, signal?: AbortSignal) =>
  api
    .get(`clientes/${encodeURIComponent(idUsuario)}/mensajes`, { signal })
    .json<{ mensajes: WhatsappMessageView[] }>()
    .then((body) => body.mensajes);

/** A consent given (or withdrawn) in person at the desk: the staff account and the time are kept. */
export const setClientWhatsapp = (idUsuario: string, acepta: boolean) =>
  changing(
    ['clients'],
    api
      .put(`clientes/${encodeURIComponent(idUsuario)}/whatsapp`, { json: { acepta }, retry: 0 })
      .json<WhatsappConsentView>(),
  );

/** The newest WhatsApp messages that failed (the desk's panel), and whether WhatsApp is set up. */
export const failedWhatsapp = (signal?: AbortSignal) =>
  api
    .get('whatsapp/mensajes', { searchParams: { fallidos: 'true', limite: 10 }, signal })
    .json<{ configurado: boolean; mensajes: WhatsappMessageView[] }>();
