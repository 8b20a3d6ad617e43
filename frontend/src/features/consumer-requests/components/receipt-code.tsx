import type { ConsumerReceipt } from '@gym/contracts/consumer-requests';

/** The answer of either button: the code, large enough to copy from a phone, and what happens now. */
export function ReceiptCode({ receipt, label }: { receipt: ConsumerReceipt; label: string }) {
  return (
    <div className="alert alert-success" role="status">
      <p className="mb-1">{label}</p>
      <p className="fs-3 fw-bold font-monospace text-break mb-2" data-testid="consumer-code">
        {receipt.codigo}
      </p>
      <p className="mb-0">{receipt.message}</p>
    </div>
  );
}
