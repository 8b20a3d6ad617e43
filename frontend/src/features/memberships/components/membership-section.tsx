import { useEffect, useRef } from 'react';
import type { FormikHelpers } from 'formik';
import { formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import { formatMoney } from '@gym/contracts/format-money';
import {
  membershipMessages as m,
  paymentMethodLabels,
  type MembershipDetail,
  type MembershipPaymentMethod,
} from '@gym/contracts/memberships';
import { paymentPeriod } from '@gym/contracts/membership-rules';
import { times } from '@gym/contracts/money';
import { countOf } from '@gym/contracts/format';
import { confirmAction } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { ErrorState, Loading } from '@/components/status';
import { PAYMENT_FORM_ID } from '@/config/payment-form-path';
import { useResource } from '@/hooks/use-resource';
import {
  getMembership,
  pauseMembership,
  recordPayment,
  resumeMembership,
  saveApto,
  voidPayment,
  type PaymentFields,
} from '../api/memberships-api';
import { AptoForm } from './apto-form';
import { ClientHistory } from './client-history';
import { PauseControls } from './pause-controls';
import { PaymentForm, type PaymentFormValues } from './payment-form';
import { PaymentHistory } from './payment-history';
import { AptoFlag, StateBadge } from './state-badge';
import { MemberAccess } from './member-access';
import { OnlineRefunds } from './online-refunds';
import { notify } from '@/components/notices';

/**
 * What the desk is about to record, said before it is: who, how many months, the period they
 * cover, the amount and how it was paid; an amount that is not months × the monthly fee shows both.
 */
export function confirmPayment(fields: PaymentFields, detail: MembershipDetail, nombre: string, now = new Date()) {
  const months = Number(fields.months);
  const amount = fields.amountCentavos;
  const expected = times(detail.planPriceCentavos, months);
  const { membership } = detail;
  const current = { paidUntil: membership?.paidUntil ?? null, cycleDay: membership?.cycleDay ?? null };
  const period = paymentPeriod(current, months, tucumanToday(now));
  const method = paymentMethodLabels[fields.method as MembershipPaymentMethod];
  const summary = `${nombre} · ${countOf(months, 'mes', 'meses')}, del ${formatDate(period.from)} al ${formatDate(period.to)} · ${method}.`;
  const mismatch =
    amount === expected
      ? ''
      : ` Atención: ${months} × la cuota de ${formatMoney(detail.planPriceCentavos)} son ${formatMoney(expected)}, y el monto es ${formatMoney(amount)}.`;
  return confirmAction({
    icon: mismatch ? 'warning' : 'question',
    title: `¿Registrar el pago de ${formatMoney(amount)}?`,
    text: summary + mismatch,
    confirmText: 'Sí, registrar',
    cancelText: 'Volver',
  });
}

/** The front desk on the client's page: membership, payments, pauses, apto físico and reminders. */
export function MembershipSection({ idUsuario, nombre = idUsuario }: { idUsuario: string; nombre?: string }) {
  const data = useResource(['memberships', 'one', idUsuario], (signal) => getMembership(idUsuario, signal));
  // Reached from the door's red card (…#registrar-pago): once the form is there, scroll to it and focus it.
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const ready = data.status === 'ready';
  useEffect(() => {
    const heading = paymentHeading.current;
    if (!ready || !heading || window.location.hash !== `#${PAYMENT_FORM_ID}`) return;
    if ('scrollIntoView' in heading) heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [ready]);

  /** Runs a change and says so (the API layer marks what it changed); false (and the API's message) when it was refused. */
  const act = async (work: () => Promise<unknown>, done: string, failTitle: string) => {
    try {
      await work();
    } catch (err) {
      await showFailure(err, failTitle);
      return false;
    }
    notify(done);
    return true;
  };

  const pay = async (fields: PaymentFields, helpers: FormikHelpers<PaymentFormValues>) => {
    if (data.status !== 'ready' || !(await confirmPayment(fields, data.data, nombre))) {
      helpers.setSubmitting(false);
      return;
    }
    if (await act(() => recordPayment(idUsuario, fields), m.paymentSaved, 'El pago no se registró')) {
      helpers.resetForm();
    }
  };

  if (data.status === 'loading') return <Loading label="Cargando la membresía…" />;
  if (data.status === 'error') return <ErrorState message={data.error.message} onRetry={data.reload} />;
  const { membership, planPriceCentavos, payments, pauses, reminders }: MembershipDetail = data.data;
  return (
    <section className="mt-5" aria-labelledby="membresia-titulo">
      <h2 id="membresia-titulo" className="h4 d-flex flex-wrap align-items-center gap-2">
        Membresía <StateBadge state={membership?.state ?? null} />
        <AptoFlag valid={membership?.aptoValido ?? false} />
      </h2>
      {membership?.paidUntil ? (
        <p data-testid="membership-summary">
          Pagado hasta el <strong>{formatDate(membership.paidUntil)}</strong> · socio desde el{' '}
          {formatDate(membership.startDate)}
        </p>
      ) : (
        <p className="text-body-secondary">Sin pagos todavía.</p>
      )}

      <h3 className="h5 mt-4" id={PAYMENT_FORM_ID} tabIndex={-1} ref={paymentHeading}>
        Registrar pago
      </h3>
      <PaymentForm key={payments.length} planPrice={planPriceCentavos} onSubmit={pay} />

      <h3 className="h5 mt-4">Pagos</h3>
      <PaymentHistory
        payments={payments}
        onVoid={(p, reason) => act(() => voidPayment(p.id, reason), m.paymentVoided, 'El pago no se anuló')}
      />
      <OnlineRefunds idUsuario={idUsuario} />

      {membership?.paidUntil && (
        <>
          <h3 className="h5 mt-4">Pausa</h3>
          <PauseControls
            membership={membership}
            onPause={(motivo) => act(() => pauseMembership(idUsuario, motivo), m.paused, 'No se pudo pausar')}
            onResume={async () => {
              await act(() => resumeMembership(idUsuario), m.resumed, 'No se pudo reanudar');
            }}
          />
        </>
      )}

      <h3 className="h5 mt-4">Apto físico</h3>
      <AptoForm
        membership={membership}
        onSave={(fields) => act(() => saveApto(idUsuario, fields), m.aptoSaved, 'El apto no se guardó')}
      />

      <h3 className="h5 mt-4">Historial</h3>
      <ClientHistory pauses={pauses} reminders={reminders} />

      <h3 className="h5 mt-4">Portal del socio</h3>
      <MemberAccess idUsuario={idUsuario} />
    </section>
  );
}
