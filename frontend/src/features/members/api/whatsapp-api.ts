import type { WhatsappConsentView } from '@gym/contracts/whatsapp';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** Whether the member accepts the gym's WhatsApp messages, and whether the gym sends them at all. */
export const myWhatsapp = (signal?: AbortSignal) => api.get('socio/whatsapp', { signal }).json<WhatsappConsentView>();

/** The member's yes or no, kept with the time (the desk sees it). */
export const setMyWhatsapp = (acepta: boolean) =>
  changing(['clients'], api.put('socio/whatsapp', { json: { acepta }, retry: 0 }).json<WhatsappConsentView>());
