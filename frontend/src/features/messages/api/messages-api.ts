import type { Client } from '@gym/contracts/clients';
import type { ContactMessage, ContactMessageInput } from '@gym/contracts/contact';
import { api } from '@/api/client';
import { changed } from '@/api/server-state';

/**
 * 201 only when the mail server took the message; a failed send is 502 and is kept as 'fallido',
 * so the history changes either way.
 */
export async function sendMessage(input: ContactMessageInput): Promise<ContactMessage> {
  try {
    return (await api.post('messages', { json: input }).json<{ message: ContactMessage }>()).message;
  } finally {
    void changed('messages');
  }
}

/** Every message sent, newest first, with its outcome. */
export const listMessages = (signal?: AbortSignal) =>
  api
    .get('messages', { signal })
    .json<{ messages: ContactMessage[] }>()
    .then((body) => body.messages);

/** The client a per-client message goes to (SPEC §7: a list; its first item). */
export async function getRecipient(idUsuario: string, signal?: AbortSignal): Promise<Client | undefined> {
  const [client] = await api.post('obtenerdatausuario', { json: { idUsuario }, signal }).json<Client[]>();
  return client;
}
