import * as yup from 'yup';
import { countOf } from './format';
import { formatInstant } from './format-dates';
import { formatMoney } from './format-money';
import type { IsoDate } from './membership-dates';
import type { Centavos } from './money';
import type { TransferUpload } from './members';
import { strictNumber } from './products';

// Apart from members.ts, which the portal's first load reads: what only the API and the desk's
// screen use (issue 41: the limits on a member's uploads, the desk's pages and figures).

/**
 * An upload as the desk reviews it: what the member declared beside what it should be (the
 * months × the plan's current monthly fee) and how far the member has already paid.
 */
export interface DeskTransferUpload extends TransferUpload {
  planName: string;
  /** The plan's monthly fee today. */
  planPriceCentavos: Centavos;
  /** months × planPriceCentavos: a declared `amountCentavos` below it is shown as a warning. */
  expectedCentavos: Centavos;
  /** The member's paid-until before this upload is approved; null with no membership yet. */
  paidUntil: IsoDate | null;
}

/** GET /v1/desk/comprobantes: one page of the uploads waiting, oldest first, and how many wait in all. */
export interface DeskTransferPage {
  comprobantes: DeskTransferUpload[];
  total: number;
  page: number;
  limit: number;
}

export const TRANSFER_PAGE = { limit: 20, max: 100 } as const;

export const transferLimitMessages = {
  pdfInvalid: 'El archivo no es un PDF válido: descargá de nuevo el comprobante de tu banco o subí una foto',
  pageInvalid: `La página de comprobantes no es válida (de 1 a ${TRANSFER_PAGE.max} por página)`,
};

export const transferPageSchema = yup.object({
  page: strictNumber(transferLimitMessages.pageInvalid)
    .integer(transferLimitMessages.pageInvalid)
    .min(1, transferLimitMessages.pageInvalid)
    .max(100_000, transferLimitMessages.pageInvalid)
    .default(1),
  limit: strictNumber(transferLimitMessages.pageInvalid)
    .integer(transferLimitMessages.pageInvalid)
    .min(1, transferLimitMessages.pageInvalid)
    .max(TRANSFER_PAGE.max, transferLimitMessages.pageInvalid)
    .default(TRANSFER_PAGE.limit),
});

/**
 * The 409 of a member who already has `pending.length` receipts waiting (MEMBER_UPLOADS_PENDING_MAX):
 * says which ones, so the member knows nothing was lost.
 */
export function transferPendingMessage(pending: { amountCentavos: Centavos; createdAt: string }[]): string {
  const list = pending
    .map((u) => `${formatMoney(u.amountCentavos)} (subido el ${formatInstant(u.createdAt)})`)
    .join(', ');
  return (
    `Ya tenés ${countOf(pending.length, 'comprobante', 'comprobantes')} esperando revisión: ${list}. ` +
    'Cuando recepción los revise vas a poder subir otro.'
  );
}

/** The 429 past MEMBER_UPLOADS_PER_DAY uploads in 24 hours (the throttle's window rolls; it is not a calendar day). */
export const transferDailyMessage = (perDay: number): string =>
  `Ya subiste ${countOf(perDay, 'comprobante', 'comprobantes')} en las últimas 24 horas, el máximo. ` +
  'Podés subir otro más tarde o acercarte a recepción.';
