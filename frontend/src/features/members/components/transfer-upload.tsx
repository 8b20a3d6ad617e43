import { useState, type FormEvent } from 'react';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import {
  TRANSFER_MAX_BYTES,
  transferCoverageSchema,
  transferMessages as m,
  type TransferUpload,
} from '@gym/contracts/members';
import { typedCentavos } from '@gym/contracts/money-input';
import type * as yup from 'yup';
import { toApiFailure } from '@/api/client';
import { MoneyInput } from '@/components/money-input';
import { useResource } from '@/hooks/use-resource';
import { myTransfers, uploadTransfer } from '../api/members-api';
import { memberKeys } from '../member-keys';
import { FileChooser } from './file-chooser';
import type { Centavos } from '@gym/contracts/money';

const STATUS: Record<TransferUpload['status'], string> = {
  pendiente: 'En revisión',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
};

/** The API's own rule for what a receipt pays, reading the amount as the member typed it ("25.000,50") into centavos. */
const coverageFormSchema = transferCoverageSchema.shape({
  montoCentavos: typedCentavos(transferCoverageSchema.fields.montoCentavos as yup.NumberSchema<Centavos | undefined>),
});

/**
 * "¿Pagaste por transferencia?": the photo or PDF of the transfer, what it pays, and what became of
 * earlier ones. A receipt the API took brings the list up to date (`uploadTransfer` says it changed).
 */
export function TransferUploadSection({ member }: { member: string }) {
  const uploads = useResource(memberKeys.transfers(member), myTransfers);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [amount, setAmount] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = (event.currentTarget.elements.namedItem('archivo') as HTMLInputElement).files?.[0];
    const typed = { montoCentavos: amount, meses: form.get('meses') };
    if (!file || file.size === 0) return setAnswer({ ok: false, text: m.missing });
    if (file.size > TRANSFER_MAX_BYTES) return setAnswer({ ok: false, text: m.tooLarge });
    // The API's own rule (contracts): a wrong amount is said here, before the file travels.
    let montoCentavos: number, meses: number;
    try {
      // Required by the schema: what it answers has both.
      ({ montoCentavos, meses } = coverageFormSchema.validateSync(typed) as { montoCentavos: number; meses: number });
    } catch (err) {
      return setAnswer({ ok: false, text: (err as Error).message });
    }
    setBusy(true);
    try {
      setAnswer({ ok: true, text: (await uploadTransfer(file, montoCentavos, meses)).message });
    } catch (err) {
      setAnswer({ ok: false, text: (await toApiFailure(err)).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="transfer-title" className="mt-4">
      <h2 id="transfer-title" className="h5">
        ¿Pagaste por transferencia?
      </h2>
      <p className="text-body-secondary small">
        Subí la foto o el PDF del comprobante (hasta 5 MB). En recepción lo revisan y te avisamos por e-mail.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FileChooser
          id="transfer-file"
          name="archivo"
          label="Comprobante"
          accept="image/jpeg,image/png,image/webp,application/pdf"
        />
        <div className="row g-2">
          <div className="col-6">
            <label htmlFor="transfer-amount" className="form-label">
              Monto ($)
            </label>
            <MoneyInput
              id="transfer-amount"
              name="monto"
              className="form-control"
              value={amount}
              onChange={setAmount}
            />
          </div>
          <div className="col-6">
            <label htmlFor="transfer-months" className="form-label">
              Meses
            </label>
            <select id="transfer-months" name="meses" className="form-select" defaultValue="1">
              {Array.from({ length: 12 }, (_, i) => (
                <option key={i + 1} value={i + 1}>
                  {i + 1}
                </option>
              ))}
            </select>
          </div>
        </div>
        <button type="submit" className="btn btn-primary w-100 mt-3" disabled={busy}>
          Enviar comprobante
        </button>
      </form>
      {answer && (
        <div className={`alert ${answer.ok ? 'alert-info' : 'alert-warning'} mt-3`} role="status">
          {answer.text}
        </div>
      )}
      {uploads.status === 'ready' && uploads.data.comprobantes.length > 0 && (
        <ul className="list-unstyled small mt-3" aria-label="Tus comprobantes">
          {uploads.data.comprobantes.map((u) => (
            <li key={u.id} className="mb-1">
              {formatInstant(u.createdAt)}: {formatMoney(u.amountCentavos)} · <strong>{STATUS[u.status]}</strong>
              {u.receipt && ` (recibo ${u.receipt})`}
              {u.rejectReason && `: ${u.rejectReason}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
