import type { IsoDate } from './membership-dates';

/** Members who stop coming (issue 46): why one is on the "Socios en riesgo" list. */
export const RISK_REASONS = ['ausencia', 'baja', 'ausentes'] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** No-shows in 30 days that put a member on the list (reason `ausentes`). */
export const RISK_NO_SHOWS = 2;
/** The window, in days, of the visits compared (the last 30) and of the no-shows counted. */
export const RISK_WINDOW_DAYS = 30;
/** How long a booking block lasts, from the day of the last no-show. */
export const BLOCK_DAYS = 7;

export const riskReasonLabels: Record<RiskReason, (absenceDays: number) => string> = {
  ausencia: (days) => `Sin venir hace ${days} días o más`,
  baja: () => 'Viene la mitad o menos que antes',
  ausentes: () => 'Faltó a clases reservadas',
};

/** One member on the list, most at risk first. */
export interface MemberAtRisk {
  idUsuario: string;
  nombre: string;
  motivos: RiskReason[];
  /** The day of their last visit (a check-in that counted), null: none yet. */
  ultimaVisita: IsoDate | null;
  /** Visits in the last 30 days. */
  visitasMes: number;
  /** Their monthly average over the two months before those 30 days (one decimal). */
  promedioMensual: number;
  /** No-shows to booked classes in the last 30 days. */
  ausentes30: number;
  /** Booking is blocked until this day (they may book again on it); null: not blocked. */
  bloqueadoHasta: IsoDate | null;
}

export interface MembersAtRiskPage {
  socios: MemberAtRisk[];
  /** Members at risk in all, of which `socios` are the first `limite`. */
  total: number;
  /** AUSENCIA_DIAS, for the reason's label. */
  ausenciaDias: number;
}

/** "3/12": a day as the block's message says it. */
export const shortDay = (day: IsoDate): string => {
  const [, m, d] = day.split('-');
  return `${Number(d)}/${Number(m)}`;
};

export const retentionMessages = {
  blocked: (until: IsoDate, noShows: number) =>
    `No podés reservar hasta el ${shortDay(until)}: faltaste a ${noShows} clases reservadas en los últimos 30 días. Hablá con la recepción.`,
  clientBlocked: (until: IsoDate, noShows: number) =>
    `El cliente no puede reservar hasta el ${shortDay(until)}: faltó a ${noShows} clases reservadas en los últimos 30 días. Podés levantar el bloqueo desde Socios en riesgo.`,
  notBlocked: 'El cliente no tiene las reservas bloqueadas',
  lifted: 'Listo: el cliente ya puede reservar clases',
  clientNotFound: 'El cliente no existe',
  /** The win-back message (`socio_te_extranamos`), as the panel's row says it. */
  winBackButton: 'Mandar «Te extrañamos»',
  winBackQueued: (nombre: string) => `Listo: a ${nombre} le sale por WhatsApp el mensaje «Te extrañamos».`,
  winBackNotAway: (absenceDays: number) =>
    `Solo se manda a un socio activo que no viene hace ${absenceDays} días o más.`,
  winBackNoConsent: 'No se mandó: el socio no aceptó mensajes por WhatsApp (o pidió la baja).',
  winBackNotConfigured: 'No se mandó: el gimnasio todavía no configuró WhatsApp.',
  winBackNoPhone: 'No se mandó: el socio no tiene un celular válido para WhatsApp.',
  winBackAlreadySent: 'No se mandó: ya se le mandó «Te extrañamos» este mes.',
};
