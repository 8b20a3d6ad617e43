import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import type * as yup from 'yup';
import {
  CLOSING_METHODS,
  closingMessages as m,
  closingSchema,
  type AccountingFormat,
  type CashClosing,
  type CashExpectation,
} from '@gym/contracts/reports';
import { centavosOfInput, typedCentavos } from '@gym/contracts/money-input';
import { countOf } from '@gym/contracts/format';
import { differenceText, formatMoney } from '@gym/contracts/format-money';
import { formatInstant } from '@gym/contracts/format-dates';
import { paymentMethodLabels } from '@gym/contracts/memberships';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { confirmAction } from '@/components/alerts';
import { FormField } from '@/components/form-field';
import { MoneyField } from '@/components/money-input';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { closeCash, closingPdfUrl, getCash, getDayClosings } from '../api/cash-api';
import { notify } from '@/components/notices';
import { minus, plus, type Centavos } from '@gym/contracts/money';

/**
 * The closing's form: the cash counted as typed ("7.400,50") in `contado`, read into centavos and
 * checked by the API's own rule for `contadoCentavos`, which is what is sent.
 */
const closingFormSchema = closingSchema.omit(['contadoCentavos']).shape({
  contado: typedCentavos(closingSchema.fields.contadoCentavos as yup.NumberSchema<Centavos | undefined>),
});
interface ClosingValues {
  contado: string;
  nota: string;
}
const EMPTY: ClosingValues = { contado: '', nota: '' };

/** The centavos the counted text reads as, or undefined while it reads as nothing. */
const countedOf = centavosOfInput;

function Expected({ e }: { e: CashExpectation }) {
  return (
    <>
      {/* A busy day's amounts in four columns can pass 360 px: the table scrolls in its box, not the page. */}
      <div className="table-responsive">
        <table className="table table-sm" aria-label="Esperado por medio de pago">
          <thead>
            <tr>
              <th scope="col">Medio de pago</th>
              <th scope="col" className="text-end">
                Cuotas
              </th>
              <th scope="col" className="text-end">
                Pedidos
              </th>
              <th scope="col" className="text-end">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {CLOSING_METHODS.map((method) => {
              const { cuotasCentavos: cuotas, pedidosCentavos: pedidos } = e.porMetodo[method];
              return (
                <tr key={method}>
                  <th scope="row">{paymentMethodLabels[method]}</th>
                  <td className="text-end">{formatMoney(cuotas)}</td>
                  <td className="text-end">{formatMoney(pedidos)}</td>
                  <td className="text-end">{formatMoney(plus(cuotas, pedidos))}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="small text-body-secondary">
        {countOf(e.pagos, 'pago de cuota', 'pagos de cuotas')} y{' '}
        {countOf(e.pedidos, 'pedido cobrado', 'pedidos cobrados')}
        {e.anulados > 0 && `; ${countOf(e.anulados, 'pago anulado no cuenta', 'pagos anulados no cuentan')}`}.
      </p>
      <p className="h5" data-testid="cash-expected">
        Efectivo esperado en la caja: {formatMoney(e.efectivoCentavos)}
      </p>
    </>
  );
}

function ClosingList({ closings, withName }: { closings: CashClosing[]; withName?: boolean }) {
  if (closings.length === 0) return <p className="text-body-secondary">Todavía no hay cierres.</p>;
  return (
    <ul className="list-group mb-3">
      {closings.map((c) => (
        <li key={c.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
          <span>
            {withName && <strong>{c.staff.nombre} · </strong>}
            {formatInstant(c.desde)} al {formatInstant(c.hasta)}
            <br />
            <small className="text-body-secondary">
              Esperado {formatMoney(c.esperado.efectivoCentavos)}, contado {formatMoney(c.contadoCentavos)}:{' '}
              {differenceText(c.diferenciaCentavos)}
              {c.nota && ` (${c.nota})`}
            </small>
          </span>
          <a href={closingPdfUrl(c.id)} target="_blank" rel="noopener noreferrer">
            PDF
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The owner's view: everyone's closings of a day in Tucumán. */
function DayClosings() {
  const [day, setDay] = useState(() => tucumanToday(new Date()));
  const list = useResource(['cash', 'day', day], (signal) => getDayClosings(day, signal));
  return (
    <section aria-labelledby="day-closings" className="mt-4">
      <h2 id="day-closings" className="h5">
        Cierres del día
      </h2>
      <label htmlFor="closings-day" className="form-label">
        Día
      </label>
      <input
        id="closings-day"
        type="date"
        className="form-control mb-3"
        style={{ maxWidth: '12rem' }}
        value={day}
        onChange={(event) => event.target.value && setDay(event.target.value)}
      />
      {list.status === 'loading' && <Loading label="Cargando cierres…" />}
      {list.status === 'error' && <ErrorState message={list.error.message} onRetry={list.reload} />}
      {list.status === 'ready' && <ClosingList closings={list.data.cierres} withName />}
    </section>
  );
}

/**
 * The owner's month (or year) for the accountant: every payment and paid order, as CSV or XLSX
 * (server-made), and the month's Libro IVA Ventas (issue 44).
 */
function AccountantExport() {
  const [month, setMonth] = useState(() => tucumanToday(new Date()).slice(0, 7));
  const year = month.slice(0, 4);
  const href = (formato: AccountingFormat, whole = false) =>
    `/v1/reportes/contable?${new URLSearchParams(whole ? { anio: year, formato } : { mes: month, formato }).toString()}`;
  return (
    <section aria-labelledby="accountant-export" className="mt-4">
      <h2 id="accountant-export" className="h5">
        Para el contador
      </h2>
      <p className="small text-body-secondary">
        Todos los pagos de cuotas y los pedidos cobrados del mes, con los totales por medio de pago.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label htmlFor="export-month" className="form-label">
            Mes
          </label>
          <input
            id="export-month"
            type="month"
            className="form-control"
            value={month}
            onChange={(event) => event.target.value && setMonth(event.target.value)}
          />
        </div>
        <a className="btn btn-outline-primary" href={href('xlsx')} download>
          Descargar Excel
        </a>
        <a className="btn btn-outline-primary" href={href('csv')} download>
          Descargar CSV
        </a>
        <a className="btn btn-outline-secondary" href={href('libro-iva')} download>
          Libro IVA Ventas (CSV)
        </a>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        Cada línea lleva su Factura C (tipo, punto de venta, número y CAE) cuando ARCA la autorizó. El Libro IVA Ventas
        del mes lista las facturas y notas de crédito autorizadas, con sus totales; como monotributista, los
        comprobantes C no discriminan IVA.
      </p>
      <p className="small mt-2">
        El año {year} entero, para el cierre del ejercicio:{' '}
        <a href={href('xlsx', true)} download>
          Excel del año
        </a>{' '}
        o{' '}
        <a href={href('csv', true)} download>
          CSV del año
        </a>
        .
      </p>
    </section>
  );
}

/**
 * /admin/caja: the end of a shift. What the system expects this person to have taken, per method,
 * since their last closing; they count the drawer, type the cash, and explain any difference.
 */
export default function CashPage() {
  usePageTitle('Cierre de caja');
  const can = useCan();
  const cash = useResource(['cash', 'mine'], (signal) => getCash(signal));

  if (cash.status === 'loading') return <Loading label="Calculando tu caja…" />;
  if (cash.status === 'error') return <ErrorState message={cash.error.message} onRetry={cash.reload} />;
  const { esperado, cierres } = cash.data;

  /** A difference needs its note before anything is asked (the API refuses it too). */
  const validate = ({ contado, nota }: ClosingValues) => {
    const counted = countedOf(contado);
    return counted !== undefined && counted !== esperado.efectivoCentavos && nota.trim() === ''
      ? { nota: m.noteRequired }
      : {};
  };

  const submit = async (values: ClosingValues, helpers: FormikHelpers<ClosingValues>) => {
    const counted = countedOf(values.contado)!;
    const yes = await confirmAction({
      title: '¿Cerrar tu caja?',
      text: `Esperado ${formatMoney(esperado.efectivoCentavos)} en efectivo, contado ${formatMoney(counted)}: ${differenceText(minus(counted, esperado.efectivoCentavos))}.`,
      confirmText: 'Cerrar caja',
      cancelText: 'Volver',
    });
    if (!yes) return;
    try {
      await closeCash({ contadoCentavos: counted, nota: values.nota });
      // The new shift starts empty: what was counted for the closed one must not read against it.
      helpers.resetForm({ values: EMPTY });
      notify(m.closed);
    } catch (err) {
      await showFailure(err, 'La caja no se cerró');
    }
  };

  return (
    <section style={{ maxWidth: '48rem' }}>
      <h1 className="h3">Cierre de caja</h1>
      <p>
        Tu turno, desde el {formatInstant(esperado.desde)}
        {cierres.length === 0 && ' (tu primer cierre: desde el comienzo del día)'}.
      </p>
      <Expected e={esperado} />
      <Formik initialValues={EMPTY} validationSchema={closingFormSchema} validate={validate} onSubmit={submit}>
        {({ isSubmitting, values }) => {
          const counted = countedOf(values.contado);
          const diferencia = counted === undefined ? undefined : minus(counted, esperado.efectivoCentavos);
          return (
            <Form noValidate aria-label="Cerrar caja" className="row g-2 mb-4">
              <div className="col-sm-5">
                <MoneyField name="contado" label="Efectivo contado ($)" />
              </div>
              <div className="col-sm-7">
                <FormField name="nota" label="Nota (si hay diferencia)" maxLength={300} />
              </div>
              <div className="col-12 d-flex flex-wrap align-items-center gap-3">
                <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                  Cerrar caja
                </button>
                {diferencia !== undefined && (
                  <span
                    className={diferencia === 0 ? 'fw-semibold' : 'fw-semibold text-danger'}
                    data-testid="cash-difference"
                  >
                    Diferencia: {differenceText(diferencia)}
                  </span>
                )}
              </div>
            </Form>
          );
        }}
      </Formik>
      <h2 className="h5">Tus cierres</h2>
      <ClosingList closings={cierres} />
      {can('caja.ver') && <DayClosings />}
      {can('reportes.ver') && <AccountantExport />}
    </section>
  );
}
