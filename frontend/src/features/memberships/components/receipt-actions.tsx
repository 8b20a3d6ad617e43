import { useState } from 'react';
import type { Payment } from '@gym/contracts/memberships';
import { showFailure } from '@/components/show-failure';
import { sendReceipt } from '../api/memberships-api';
import { notify } from '@/components/notices';

/** A payment's receipt: the PDF, and sending it to the member by e-mail (attached) or WhatsApp. */
export function ReceiptActions({ payment }: { payment: Payment }) {
  const [busy, setBusy] = useState(false);
  const send = async (channel: 'email' | 'whatsapp') => {
    setBusy(true);
    try {
      const { message, whatsappUrl } = await sendReceipt(payment.id, channel);
      if (whatsappUrl) window.open(whatsappUrl, '_blank', 'noopener');
      notify(message);
    } catch (err) {
      await showFailure(err, 'El recibo no se envió');
    } finally {
      setBusy(false);
    }
  };
  const label = (how: string) => (
    <span className="visually-hidden">
      {' '}
      el recibo {payment.receipt} {how}
    </span>
  );
  return (
    <div className="d-flex flex-wrap gap-1 align-items-center">
      <a href={`/v1/payments/${encodeURIComponent(payment.id)}/recibo`} download>
        {payment.receipt}
        <span className="visually-hidden"> (PDF)</span>
      </a>
      <button type="button" className="btn btn-link btn-sm p-0 ms-2" disabled={busy} onClick={() => void send('email')}>
        Enviar{label('por e-mail')}
      </button>
      <button
        type="button"
        className="btn btn-link btn-sm p-0 ms-2"
        disabled={busy}
        onClick={() => void send('whatsapp')}
      >
        WhatsApp<span className="visually-hidden"> con el recibo {payment.receipt}</span>
      </button>
    </div>
  );
}
