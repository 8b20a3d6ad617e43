import { Form, Formik } from 'formik';
import { useState } from 'react';
import {
  CONDICIONES_IVA_C,
  invoiceRetrySchema,
  type InvoiceRetryInput,
  type InvoiceView,
} from '@gym/contracts/invoices';
import { formatMoney } from '@gym/contracts/format-money';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { showFailure } from '@/components/show-failure';
import { retryInvoice } from '../api/invoices-api';

interface ReceiverValues {
  dni: string;
  condicionIvaReceptor: string;
}

const CONDITION_OPTIONS = Object.entries(CONDICIONES_IVA_C).map(([value, label]) => ({
  value,
  label: `${label} (${value})`,
}));

/**
 * A rejected invoice's receiver as ARCA will get it, corrected in place and retried: the member's
 * DNI (empty: consumidor final sin identificar) and RG 5616's condition. What the API answers is
 * told beside the button (a status line, not a popup that closes by itself).
 */
export function ReceiverFix({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const initialValues: ReceiverValues = {
    dni: invoice.receptor.dni ?? '',
    condicionIvaReceptor: String(invoice.receptor.condicionIvaReceptor),
  };
  if (done)
    return (
      <div className="d-flex flex-wrap align-items-center gap-2">
        <p role="status" className="text-success mb-0">
          {done}
        </p>
        <button type="button" className="btn btn-link btn-sm" onClick={onClose}>
          Cerrar
        </button>
      </div>
    );
  return (
    <Formik<ReceiverValues>
      initialValues={initialValues}
      validationSchema={invoiceRetrySchema}
      onSubmit={async (values) => {
        const fix: InvoiceRetryInput = invoiceRetrySchema.validateSync(values);
        try {
          setDone((await retryInvoice(invoice.id, fix)).message);
        } catch (err) {
          await showFailure(err, 'La factura no se reintentó');
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={`Corregir el receptor de la factura de ${formatMoney(invoice.totalCentavos)}`}>
          <p className="small mb-2">
            Corregí lo que ARCA señaló y volvé a pedirla. {invoice.detalle}, {formatMoney(invoice.totalCentavos)}.
          </p>
          <div className="row g-2">
            <div className="col-sm-5">
              <FormField
                name="dni"
                label="DNI del receptor"
                inputMode="numeric"
                autoComplete="off"
                hint="Vacío: consumidor final sin identificar."
              />
            </div>
            <div className="col-sm-7">
              <SelectField name="condicionIvaReceptor" label="Condición frente al IVA" options={CONDITION_OPTIONS} />
            </div>
          </div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
              Corregir y reintentar
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
              Cancelar
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
