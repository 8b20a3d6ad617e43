import { Form, Formik } from 'formik';
import { useState } from 'react';
import { formatDate } from '@gym/contracts/membership-dates';
import { formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { paymentMethodLabels, voidPaymentSchema, type Payment } from '@gym/contracts/memberships';
import { FormField } from '@/components/form-field';
import { ReceiptActions } from './receipt-actions';

interface PaymentHistoryProps {
  payments: Payment[];
  onVoid: (payment: Payment, reason: string) => Promise<boolean>;
}

/** Payments are never edited nor deleted: a void keeps the row, struck through, with its reason. */
export function PaymentHistory({ payments, onVoid }: PaymentHistoryProps) {
  const [voiding, setVoiding] = useState<string | null>(null);
  if (!payments.length) return <p className="text-body-secondary">Todavía no hay pagos registrados.</p>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle table-stack">
        <caption className="visually-hidden">Pagos del cliente</caption>
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Período</th>
            <th scope="col">Monto</th>
            <th scope="col">Precio del plan</th>
            <th scope="col">Medio</th>
            <th scope="col">Nota</th>
            <th scope="col">Estado</th>
            <th scope="col">Recibo</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id} className={p.voidedAt ? 'text-body-secondary' : undefined}>
              <td data-label="Fecha">{formatInstant(p.createdAt)}</td>
              <td data-label="Período">
                {formatDate(p.periodFrom)} al {formatDate(p.periodTo)}
              </td>
              <td data-label="Monto">
                {p.voidedAt ? <s>{formatMoney(p.amountCentavos)}</s> : formatMoney(p.amountCentavos)}
              </td>
              <td data-label="Precio del plan">{formatMoney(p.planPriceCentavos)}</td>
              <td data-label="Medio">{paymentMethodLabels[p.method]}</td>
              <td data-label="Nota">{p.note}</td>
              <td data-label="Estado">
                {p.voidedAt ? (
                  <span>Anulado: {p.voidReason}</span>
                ) : voiding === p.id ? (
                  <VoidForm onCancel={() => setVoiding(null)} onSubmit={(reason) => onVoid(p, reason)} />
                ) : (
                  <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setVoiding(p.id)}>
                    Anular<span className="visually-hidden"> el pago del {formatDate(p.periodFrom)}</span>
                  </button>
                )}
              </td>
              <td data-label="Recibo">
                <ReceiptActions payment={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VoidForm({ onSubmit, onCancel }: { onSubmit: (reason: string) => Promise<boolean>; onCancel: () => void }) {
  return (
    <Formik
      initialValues={{ reason: '' }}
      validationSchema={voidPaymentSchema}
      onSubmit={async ({ reason }) => {
        if (await onSubmit(reason)) onCancel();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Anular pago">
          <FormField name="reason" label="Motivo de la anulación" maxLength={200} />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-danger btn-sm" disabled={isSubmitting}>
              Confirmar anulación
            </button>
            <button type="button" className="btn btn-outline-primary btn-sm" onClick={onCancel}>
              Cancelar
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
