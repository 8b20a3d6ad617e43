import {
  clientMessages,
  type ArchivedClient,
  type Client,
  type ClientDeleted,
  type ClientInput,
} from '@gym/contracts/clients';
import type { ClientStatus } from '@gym/contracts/memberships';
import type { Plan } from '@gym/contracts/plans';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** The fields the form edits; shift and trainer are the Turnos screen's (the server assigns them on add). */
export type ClientFields = Omit<ClientInput, 'idUsuario' | 'turno' | 'entrenador'>;

export const listClients = (signal?: AbortSignal) => api.get('obtenerlistadeusuarios', { signal }).json<Client[]>();

/** SPEC §7: the answer is a list; its first item is the client. */
export async function getClient(idUsuario: string, signal?: AbortSignal): Promise<Client> {
  const [client] = await api.post('obtenerdatausuario', { json: { idUsuario }, signal }).json<Client[]>();
  if (!client) throw new Error(clientMessages.notFound);
  return client;
}

/** SPEC §3: the user code is made in the browser (short, readable); a clash is the API's 409. */
export const newClientCode = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `u-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export const addClient = (fields: ClientFields) =>
  changing(
    ['clients', 'memberships'],
    api.post('agregarusuario', { json: { ...fields, idUsuario: newClientCode() } }).json<Client>(),
  );

/** `updatedAt` is the version the edit started from: a newer save by someone else answers 409. */
export const updateClient = (idUsuario: string, fields: ClientFields, updatedAt: string) =>
  changing(
    ['clients', 'memberships', 'shifts'],
    api.post('actualizarusuario', { json: { ...fields, idUsuario, updatedAt } }).json<Client>(),
  );

/** A client with payments or orders is archived instead (`archived: true`); the message is the spec's either way. */
export const deleteClient = (idUsuario: string) =>
  changing(
    ['clients', 'memberships', 'shifts', 'messages'],
    api.post('borrarusuario', { json: { idUsuario } }).json<ClientDeleted>(),
  );

/** The owner's archive: clients kept for their payments and orders. */
export const listArchivedClients = async (signal?: AbortSignal) =>
  (await api.get('clients/archived', { signal }).json<{ clients: ArchivedClient[] }>()).clients;

export const restoreClient = (idUsuario: string) =>
  changing(
    ['clients', 'memberships', 'shifts'],
    api.post(`clients/${encodeURIComponent(idUsuario)}/restore`).json<Client>(),
  );

/** The plans a client can be given (the select of the form). */
/** Membership and apto físico per client, readable by every staff role (trainers included). */
export const listClientStatuses = (signal?: AbortSignal) =>
  api.get('clients/status', { signal }).json<ClientStatus[]>();

/** The extras of the list (plan names, membership state): when they fail, the list still shows. */
export async function listExtras(signal?: AbortSignal): Promise<ClientListExtras> {
  const [plans, statuses] = await Promise.allSettled([listPlans(signal), listClientStatuses(signal)]);
  // Left before the answers came (the screen closed): not "no extras", which would be cached as such.
  signal?.throwIfAborted();
  return {
    planNames: new Map(plans.status === 'fulfilled' ? plans.value.map((p) => [p.idPlan, p.nombrePlan]) : []),
    statuses: new Map(statuses.status === 'fulfilled' ? statuses.value.map((s) => [s.idUsuario, s]) : []),
  };
}

export interface ClientListExtras {
  planNames: Map<number, string>;
  statuses: Map<string, ClientStatus>;
}

export const listPlans = (signal?: AbortSignal) => api.get('obtenerlistadeplanes', { signal }).json<Plan[]>();
