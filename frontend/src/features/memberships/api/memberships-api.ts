import type {
  DashboardFigures,
  MembershipDetail,
  MembershipPage,
  Payment,
  ReminderChannel,
  ReminderOutcome,
  ReminderTemplate,
} from '@gym/contracts/memberships';
import type { MemberAccessChannel, MemberAccessSent } from '@gym/contracts/members';
import type { Plan } from '@gym/contracts/plans';
import type { DeskTransferPage } from '@gym/contracts/transfer-review';
import type { OnlineRefundView } from '@gym/contracts/orders';
import { HTTPError } from 'ky';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';
import type { Centavos } from '@gym/contracts/money';

export const getMembership = (idUsuario: string, signal?: AbortSignal) =>
  api.get(`memberships/${encodeURIComponent(idUsuario)}`, { signal }).json<MembershipDetail>();

export interface PaymentFields {
  /** Whole centavos, as the API takes and answers them. */
  amountCentavos: Centavos;
  method: string;
  months: number;
  note: string;
}

export const recordPayment = (idUsuario: string, fields: PaymentFields) =>
  changing(
    ['memberships', 'clients'],
    api
      .post(`memberships/${encodeURIComponent(idUsuario)}/payments`, { json: fields })
      .json<{ payment: Payment; detail: MembershipDetail }>(),
  );

export const voidPayment = (id: string, reason: string) =>
  changing(
    ['memberships', 'clients'],
    api.post(`payments/${encodeURIComponent(id)}/void`, { json: { reason } }).json<MembershipDetail>(),
  );

export const pauseMembership = (idUsuario: string, motivo: string) =>
  changing(
    ['memberships', 'clients'],
    api.post(`memberships/${encodeURIComponent(idUsuario)}/pause`, { json: { motivo } }).json<MembershipDetail>(),
  );

export const resumeMembership = (idUsuario: string) =>
  changing(
    ['memberships', 'clients'],
    api.post(`memberships/${encodeURIComponent(idUsuario)}/resume`).json<MembershipDetail>(),
  );

export const saveApto = (idUsuario: string, fields: { fecha: string; vence: string }) =>
  changing(
    ['memberships', 'clients'],
    api.put(`memberships/${encodeURIComponent(idUsuario)}/apto`, { json: fields }).json<MembershipDetail>(),
  );

/** The list's filters exactly as the page's URL has them. */
export const listMemberships = (search: URLSearchParams, signal?: AbortSignal) =>
  api.get('desk/memberships', { searchParams: search, signal }).json<MembershipPage>();

/** A plain link the browser downloads with the session cookie: the CSV never passes through JS. */
export const exportUrl = (search: URLSearchParams) => {
  const query = new URLSearchParams(search);
  query.delete('page');
  return `/v1/desk/export?${query.toString()}`;
};

export const getDashboard = (signal?: AbortSignal) => api.get('desk/dashboard', { signal }).json<DashboardFigures>();

export const getTemplates = (signal?: AbortSignal) =>
  api.get('reminders/templates', { signal }).json<{ templates: ReminderTemplate[] }>();

export const saveTemplate = (channel: ReminderChannel, text: string) =>
  changing(
    ['memberships'],
    api.put(`reminders/templates/${channel}`, { json: { text } }).json<{ template: ReminderTemplate }>(),
  );

export const sendReminders = (channel: ReminderChannel, ids: string[]) =>
  changing(['memberships'], api.post('reminders', { json: { channel, ids } }).json<{ reminders: ReminderOutcome[] }>());

/** For the list's plan filter. */
export const listPlans = (signal?: AbortSignal) => api.get('obtenerlistadeplanes', { signal }).json<Plan[]>();

/** The door to the member's portal: by e-mail it is sent; by WhatsApp the link comes back to open. */
export const sendMemberAccess = (idUsuario: string, channel: MemberAccessChannel) =>
  changing(
    [],
    api.post(`clients/${encodeURIComponent(idUsuario)}/member-access`, { json: { channel } }).json<MemberAccessSent>(),
  );

export const endMemberSessions = (idUsuario: string) =>
  changing([], api.delete(`clients/${encodeURIComponent(idUsuario)}/member-sessions`).json<{ message: string }>());

/** The members' transfer receipts waiting for the desk, oldest first, a page at a time. */
export const listTransfers = (page: number, signal?: AbortSignal) =>
  api.get('desk/comprobantes', { searchParams: { page }, signal }).json<DeskTransferPage>();

export const transferFileUrl = (id: string) => `/v1/desk/comprobantes/${encodeURIComponent(id)}/archivo`;

export const approveTransfer = (id: string) =>
  changing(
    ['memberships', 'clients'],
    api.post(`desk/comprobantes/${encodeURIComponent(id)}/aprobar`).json<{ message: string; receipt: string }>(),
  );

export const rejectTransfer = (id: string, motivo: string) =>
  changing(
    ['memberships'],
    api.post(`desk/comprobantes/${encodeURIComponent(id)}/rechazar`, { json: { motivo } }).json<{ message: string }>(),
  );

/** Staff send a receipt: mailed with the PDF, or a WhatsApp message to open. */
export const sendReceipt = (paymentId: string, channel: 'email' | 'whatsapp') =>
  changing(
    // By WhatsApp it may be queued in the outbox: the client's messages change.
    channel === 'whatsapp' ? ['clients'] : [],
    api
      .post(`payments/${encodeURIComponent(paymentId)}/recibo/enviar`, { json: { channel } })
      .json<{ message: string; whatsappUrl: string | null }>(),
  );

/**
 * The member's renewal payments Mercado Pago gave back by themselves; none when the gym does not
 * take Mercado Pago (the route does not exist: 404).
 */
export async function getOnlineRefunds(idUsuario: string, signal?: AbortSignal): Promise<OnlineRefundView[]> {
  try {
    const path = `pagos/mercadopago/socios/${encodeURIComponent(idUsuario)}/reembolsos`;
    return (await api.get(path, { signal }).json<{ reembolsos: OnlineRefundView[] }>()).reembolsos;
  } catch (err) {
    if (err instanceof HTTPError && err.response.status === 404) return [];
    throw err;
  }
}
