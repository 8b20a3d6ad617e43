import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { memberAptoLine, memberStateLine, type MemberPortal } from '@gym/contracts/members';
import { toApiFailure } from '@/api/client';
import { Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { useSiteInfo } from '@/hooks/use-site-info';
import { signOut } from '../api/members-api';
import { forgetMember, loadAccount } from '../api/member-answers';
import { memberKeys } from '../member-keys';
import { memberPaths } from '../member-paths';
import { DoorQrSection } from '../components/door-qr';
import { TransferUploadSection } from '../components/transfer-upload';
import { DebitCard } from '../components/debit-card';
import { WhatsappCard } from '../components/whatsapp-card';
import { RenewalCard, RenewalReturnNotice } from '../components/renewal-card';
import { forgetOfflineCopy, useInstallablePortal } from '../pwa';
import { InstallHint, useInstallOffer, type InstallOffer } from '../components/install-hint';
import { PriceNoticeBanner } from '@/features/pricing';

const STATE_TONE: Record<string, string> = { activa: 'success', 'por vencer': 'warning', vencida: 'danger' };

function Payments({ payments }: { payments: MemberPortal['payments'] }) {
  if (payments.length === 0) return <p className="text-body-secondary">Todavía no hay pagos registrados.</p>;
  return (
    <ul className="list-group mb-0">
      {payments.map((p) => (
        <li key={p.id} className="list-group-item d-flex justify-content-between gap-2">
          <span>
            {formatDay(p.periodFrom)} al {formatDay(p.periodTo)}
            <br />
            <small className="text-body-secondary">
              {p.metodo} ·{' '}
              <a href={`/v1/socio/recibos/${encodeURIComponent(p.id)}`} download>
                Recibo {p.receipt}
              </a>
            </small>
          </span>
          <span className="text-nowrap fw-semibold text-end">
            {p.anulado ? (
              <del className="text-body-secondary">{formatMoney(p.amountCentavos)}</del>
            ) : (
              formatMoney(p.amountCentavos)
            )}
            {p.anulado && <small className="d-block text-danger">Anulado</small>}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Contact({ contact }: { contact: MemberPortal['contact'] }) {
  return (
    <p className="mb-0">
      {contact.address}, {contact.hours}.
      {contact.whatsapp && (
        <>
          {' '}
          <a href={`https://wa.me/${contact.whatsapp}`} target="_blank" rel="noopener noreferrer">
            Escribinos por WhatsApp
          </a>
        </>
      )}
    </p>
  );
}

/** Signed out (Salir), or no session: the words, and the way back in. */
function Outside({ text, tone }: { text: string; tone: 'info' | 'warning' }) {
  return (
    <section className="container py-4" style={{ maxWidth: '32rem' }}>
      <div className={`alert alert-${tone}`} role="status">
        {text}
      </div>
      <Link to={memberPaths.signIn} className="btn btn-primary w-100">
        Pedir un enlace para entrar
      </Link>
    </section>
  );
}

/**
 * /socio: the member's own page, phone first: plan, state, apto, payments, pauses and how to reach the gym.
 * Salir forgets the member's answers and takes their screen away with them, so nothing on screen
 * asks for them again.
 */
export default function MemberPortalPage() {
  usePageTitle('Tu cuenta');
  useInstallablePortal();
  const installOffer = useInstallOffer();
  const [left, setLeft] = useState<string | null>(null);

  const leave = async () => {
    try {
      const { message } = await signOut();
      setLeft(message);
      forgetMember();
      await forgetOfflineCopy();
    } catch (err) {
      setLeft((await toApiFailure(err)).message);
      forgetMember();
    }
  };

  if (left) return <Outside text={left} tone="info" />;
  return <Account installOffer={installOffer} leave={() => void leave()} />;
}

function Account({ installOffer, leave }: { installOffer: InstallOffer | null; leave: () => void }) {
  const portal = useResource(memberKeys.account, loadAccount);
  const site = useSiteInfo();
  const [params] = useSearchParams();

  if (portal.status === 'error') return <Outside text={portal.error.message} tone="warning" />;
  if (portal.status === 'loading') return <Loading label="Cargando tu cuenta…" />;
  const p = portal.data;
  const online = site.status === 'ready' && site.data.mercadoPago && !p.savedAt;
  const returned = params.get('pago') === 'mercadopago';
  return (
    <section className="container py-4" style={{ maxWidth: '32rem' }}>
      <div className="d-flex justify-content-between align-items-start gap-2 mb-3">
        <h1 className="h3 mb-0">Hola, {p.nombre}</h1>
        <button type="button" className="btn btn-outline-dark btn-sm" onClick={leave}>
          Salir
        </button>
      </div>
      {returned && !p.savedAt && <RenewalReturnNotice member={p.idUsuario} />}
      <InstallHint offer={installOffer} />
      {p.savedAt && (
        <div className="alert alert-warning" role="status" data-testid="member-offline">
          Sin conexión: lo que ves es lo que guardamos el {formatInstant(p.savedAt)}.
        </div>
      )}
      <div className="card mb-3">
        <div className="card-body">
          <h2 className="h6 text-body-secondary mb-1">Tu plan</h2>
          <p className="h5 mb-2">{p.plan ? `${p.plan.numero} · ${p.plan.nombre}` : 'Sin plan asignado'}</p>
          <p className={`mb-0 fw-semibold text-${STATE_TONE[p.state ?? ''] ?? 'body'}`} data-testid="member-state">
            {memberStateLine(p)}
          </p>
        </div>
      </div>
      {!p.savedAt && <PriceNoticeBanner member={p.idUsuario} />}
      <Link to={memberPaths.classes} className="btn btn-primary w-100 mb-3">
        Mis clases: reservá tu lugar
      </Link>
      <DoorQrSection />
      <div className="card mb-3">
        <div className="card-body">
          <h2 className="h6 text-body-secondary mb-1">Apto físico</h2>
          <p className={`mb-0 ${p.apto.valido ? '' : 'text-danger'}`} data-testid="member-apto">
            {memberAptoLine(p.apto)}
          </p>
        </div>
      </div>
      {online && p.plan && p.plan.cuotaCentavos >= 100 && (
        <RenewalCard member={p.idUsuario} monthlyFee={p.plan.cuotaCentavos} returned={returned} />
      )}
      {online && p.plan && p.plan.cuotaCentavos >= 100 && (
        <DebitCard member={p.idUsuario} monthlyFee={p.plan.cuotaCentavos} />
      )}
      {online && <WhatsappCard member={p.idUsuario} />}
      <h2 className="h5">Tus pagos</h2>
      <Payments payments={p.payments} />
      {p.pauses.length > 0 && (
        <>
          <h2 className="h5 mt-4">Pausas</h2>
          <ul className="list-unstyled">
            {p.pauses.map((pause) => (
              <li key={pause.startedOn}>
                Desde el {formatDay(pause.startedOn)}
                {pause.endedOn ? ` hasta el ${formatDay(pause.endedOn)}` : ' (en curso)'}: {pause.motivo}
              </li>
            ))}
          </ul>
        </>
      )}
      <TransferUploadSection member={p.idUsuario} />
      <h2 className="h5 mt-4">El gimnasio</h2>
      <Contact contact={p.contact} />
    </section>
  );
}
