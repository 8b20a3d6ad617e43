import type { Knex } from 'knex';
import { PDFDocument } from 'pdf-lib';
import type { Logger } from 'pino';
import { formatDay } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { TRANSFER_MAX_BYTES, transferMessages as m, type TransferUpload } from '@gym/contracts/members';
import { transferDailyMessage, transferLimitMessages, transferPendingMessage } from '@gym/contracts/transfer-review';
import type { Centavos } from '@gym/contracts/money';
import type { Clock } from '../../clock';
import { Conflict, NotFound, TooLarge, TooManyRequests, ValidationFailed } from '../../shared/errors';
import { currentContext } from '../../shared/request-context';
import { firstName } from '../../shared/ids';
import type { Mailer } from '../../shared/mailer';
import type { Throttle } from '../../shared/throttle';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import { reencodeImage, sniffImageType } from '../images';
import type { MembershipsService } from '../memberships';
import type { TransfersRepository } from './transfers.repository';
import { UUID } from '../../shared/ids';

const looksLikePdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.includes('%%EOF');

/**
 * A PDF only if a parser reads it and finds at least one page: first and last bytes alone let
 * anything through (an HTML page between `%PDF-` and `%%EOF`). Encrypted bank PDFs still count pages.
 */
async function isPdf(bytes: Buffer): Promise<boolean> {
  if (!looksLikePdf(bytes)) return false;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

export function createTransfersService(deps: {
  db: Knex;
  transfers: TransfersRepository;
  memberships: MembershipsService;
  clients: ClientReads;
  mailer: Mailer;
  audit: AuditRecorder;
  clock: Clock;
  logger: Logger;
  siteUrl: string;
  /** MEMBER_UPLOADS_PENDING_MAX and MEMBER_UPLOADS_PER_DAY; `daily` counts each member's uploads a day. */
  limits: { pendingMax: number; perDay: number; daily: Throttle };
}) {
  const { db, transfers, audit, clock, limits } = deps;
  const staffEmail = () => currentContext().actor?.email ?? null;

  /** Tells the member by e-mail, after the answer; a refused mail is kept to retry, the decision stands. */
  function tell(idUsuario: string, subject: string, text: string) {
    void (async () => {
      const c = await deps.clients.byId(idUsuario);
      if (c?.correo) await deps.mailer.send({ to: { name: c.nombre, address: c.correo }, subject, text });
    })().catch((err: unknown) => deps.logger.warn({ err, idUsuario }, 'transfer decision e-mail not sent'));
  }

  async function waiting(id: string): Promise<TransferUpload> {
    const found = UUID.test(id) ? await transfers.find(id) : undefined;
    if (!found) throw new NotFound(m.notFound);
    if (found.status !== 'pendiente') throw new Conflict(m.alreadyDecided);
    return found;
  }

  return {
    /**
     * The member's upload: a photo (re-encoded within the picture budget) or a PDF, with what it
     * pays. At most `pendingMax` waiting for the desk (409 naming them) and `perDay` a day (429),
     * both counted in PostgreSQL so every replica holds the same line.
     */
    async upload(
      idUsuario: string,
      body: Buffer,
      coverage: { amountCentavos: Centavos; months: number },
    ): Promise<{ message: string }> {
      if (body.length === 0) throw new ValidationFailed(m.missing);
      if (body.length > TRANSFER_MAX_BYTES) throw new TooLarge(m.tooLarge);
      const { amountCentavos, months } = coverage;
      const tooManyPending = (pending: { amountCentavos: Centavos; createdAt: string }[]) =>
        pending.length >= limits.pendingMax ? new Conflict(transferPendingMessage(pending)) : undefined;
      // Said before the file is decoded; checked again under the client's lock below.
      const early = tooManyPending(await transfers.pendingOf(db, idUsuario));
      if (early) throw early;
      // Counted before the work (a burst cannot pass it), given back unless the upload is stored.
      const use = await limits.daily.take(`comprobantes:${idUsuario}`);
      if (!use.allowed) {
        await use.giveBack();
        throw new TooManyRequests(transferDailyMessage(limits.perDay), limits.daily.retryAfterSeconds);
      }
      try {
        const image = sniffImageType(body);
        let file: { contentType: string; bytes: Buffer };
        if (image) file = { contentType: image, bytes: (await reencodeImage(body, image)).bytes };
        else if (await isPdf(body)) file = { contentType: 'application/pdf', bytes: body };
        else throw new ValidationFailed(looksLikePdf(body) ? transferLimitMessages.pdfInvalid : m.wrongType);
        await db.transaction(async (trx) => {
          // The client's row held first, so two uploads sent together are counted one after the other.
          await deps.clients.hold(trx, idUsuario, 'update');
          const refused = tooManyPending(await transfers.pendingOf(trx, idUsuario));
          if (refused) throw refused;
          const uploaded = await transfers.insert(trx, {
            idUsuario,
            ...file,
            amountCentavos,
            months,
            now: clock.now(),
          });
          await audit.record(trx, {
            entity: 'comprobante',
            entityId: idUsuario,
            action: 'subir',
            // The audit row's `amount` is centavos, as it has always been written (audit-sentences reads it).
            after: { comprobante: uploaded, amount: amountCentavos, meses: months },
            member: idUsuario,
          });
        });
      } catch (err) {
        await use.giveBack();
        throw err;
      }
      return { message: m.uploaded };
    },

    mine: (idUsuario: string) => transfers.ofMember(idUsuario),
    /** The desk's list, a page at a time: every waiting upload is reachable, and `total` is the dashboard's count. */
    async pending({ page, limit }: { page: number; limit: number }) {
      const { items, total } = await transfers.pendingPage(page, limit);
      return { comprobantes: items, total, page, limit };
    },

    /** The uploaded file, for staff, or for its member (`owner`): anyone else's is 404. */
    async file(id: string, owner?: string) {
      const found = UUID.test(id) ? await transfers.file(id) : undefined;
      if (!found || (owner !== undefined && found.idUsuario !== owner)) throw new NotFound(m.notFound);
      return found;
    },

    /**
     * Records the payment (method transferencia) and claims the upload in one transaction: of two
     * staff pressing Aprobar at once, one records it and the other gets 409 with nothing recorded.
     */
    async approve(id: string): Promise<{ message: string; receipt: string }> {
      const upload = await waiting(id);
      const input = {
        amountCentavos: upload.amountCentavos,
        method: 'transferencia' as const,
        months: upload.months,
        note: 'Comprobante del socio',
      };
      // One audit row, the payment's, saying which upload it approved.
      const { payment } = await deps.memberships.pay(upload.idUsuario, input, {
        audit: { comprobante: upload.id },
        run: async (trx, recorded) => {
          const decision = { status: 'aprobado' as const, paymentId: recorded.id };
          if (!(await transfers.decide(trx, upload.id, decision, staffEmail(), clock.now()))) {
            throw new Conflict(m.alreadyDecided);
          }
        },
      });
      tell(
        upload.idUsuario,
        `Aprobamos tu comprobante: recibo ${payment.receipt}`,
        `Hola ${firstName(upload.nombre)}: registramos tu pago de ${formatMoney(upload.amountCentavos)} por transferencia (recibo ${payment.receipt}). ` +
          `Tu cuota quedó paga hasta el ${formatDay(payment.periodTo)}. Descargá el recibo en tu cuenta: ${deps.siteUrl}/socio`,
      );
      return { message: m.approved, receipt: payment.receipt };
    },

    async reject(id: string, motivo: string): Promise<{ message: string }> {
      const upload = await waiting(id);
      await db.transaction(async (trx) => {
        const claimed = await transfers.decide(
          trx,
          upload.id,
          { status: 'rechazado', reason: motivo },
          staffEmail(),
          clock.now(),
        );
        if (!claimed) throw new Conflict(m.alreadyDecided);
        await audit.record(trx, {
          entity: 'comprobante',
          entityId: upload.idUsuario,
          action: 'rechazar',
          after: { comprobante: upload.id, motivo },
        });
      });
      tell(
        upload.idUsuario,
        'No pudimos aprobar tu comprobante',
        `Hola ${firstName(upload.nombre)}: revisamos el comprobante de ${formatMoney(upload.amountCentavos)} que subiste y no lo pudimos aprobar. Motivo: ${motivo}. ` +
          `Podés subir otro desde tu cuenta (${deps.siteUrl}/socio) o acercarte a recepción.`,
      );
      return { message: m.rejected };
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
