import { useState } from 'react';
import { Link } from 'react-router-dom';
import { agreeing, countOf } from '@gym/contracts/format';
import { disciplineLabels, weekdayLabels, isoWeekday, type MemberClasses } from '@gym/contracts/classes';
import { formatDay } from '@gym/contracts/format-dates';
import { toApiFailure } from '@/api/client';
import { confirmAction } from '@/components/alerts';
import { Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { changing, queryClient } from '@/api/server-state';
import { useResource } from '@/hooks/use-resource';
import { memberKeys, memberPaths, setMemberQueryDefaults } from '../../members';
import { bookAsMember, cancelAsMember, getMemberClasses } from '../api/classes-api';

type Session = MemberClasses['sessions'][number];

const placesLine = (s: Session) => {
  const left = s.capacity - s.booked;
  if (left > 0) return `${agreeing(left, 'Queda', 'Quedan')} ${countOf(left, 'lugar', 'lugares')}`;
  return s.waiting === 0 ? 'Clase llena' : `Clase llena · ${s.waiting} en espera`;
};

function SessionCard({ s, act, busy }: { s: Session; act: (s: Session) => void; busy: boolean }) {
  const mine = s.mine;
  const full = s.booked >= s.capacity;
  return (
    <li className="list-group-item" data-testid="member-class" data-session={s.id}>
      <div className="d-flex justify-content-between align-items-center gap-2">
        <div>
          <strong>
            {disciplineLabels[s.discipline]} · {s.starts} a {s.ends}
          </strong>
          <br />
          <small className="text-body-secondary">
            {s.room}
            {s.coach && ` · con ${s.coach}`} · {placesLine(s)}
          </small>
          {mine && (
            <small className="d-block fw-semibold" style={{ color: mine.status === 'espera' ? '#664d03' : '#146c43' }}>
              {mine.status === 'espera' ? `Estás en la lista de espera (puesto ${mine.position})` : 'Tenés tu lugar'}
            </small>
          )}
        </div>
        <button
          type="button"
          disabled={busy}
          className={`btn btn-sm text-nowrap ${mine ? 'btn-outline-danger' : full ? 'btn-outline-dark' : 'btn-primary'}`}
          onClick={() => act(s)}
        >
          {mine
            ? mine.status === 'espera'
              ? 'Salir de la espera'
              : 'Cancelar'
            : full
              ? 'Anotarme en espera'
              : 'Reservar'}
        </button>
      </div>
    </li>
  );
}

/** "¿Cancelar tu lugar en Boxeo del jueves 26/11 a las 14:00?"; true only when the member says yes. */
function confirmGiveBack(s: Session) {
  const when = `${disciplineLabels[s.discipline]} del ${(weekdayLabels[isoWeekday(s.day)] ?? '').toLowerCase()} ${formatDay(s.day).slice(0, 5)} a las ${s.starts}`;
  const waiting = s.mine?.status === 'espera';
  return confirmAction({
    title: waiting ? `¿Salir de la lista de espera de ${when}?` : `¿Cancelar tu lugar en ${when}?`,
    text: waiting
      ? 'Perdés tu puesto en la espera.'
      : 'Tu lugar queda libre para otra persona. Si querés volver, reservá de nuevo mientras haya lugar.',
    confirmText: waiting ? 'Sí, salir de la espera' : 'Sí, cancelar',
    cancelText: waiting ? 'No, seguir esperando' : 'No, mantener mi lugar',
    danger: true,
  });
}

setMemberQueryDefaults(queryClient);

/** Whose session it is, as the portal's account last said (null on a visit straight to this page). */
const knownMember = () => queryClient.getQueryData<{ idUsuario: string }>(memberKeys.account)?.idUsuario ?? null;

/**
 * /socio/clases: the member's classes, phone first — book, wait for a place, or give it back. A
 * booking or a cancellation the API took brings the list up to date (`changing`); a refused one
 * loads it again here, since the class may have filled or started meanwhile.
 */
export default function MemberClassesPage() {
  usePageTitle('Mis clases');
  const classes = useResource(memberKeys.classes(knownMember()), getMemberClasses);
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (s: Session) => {
    // Giving a place back asks first: a slip of the thumb on a phone must not lose it (issue 40).
    if (s.mine && !(await confirmGiveBack(s))) return;
    setBusy(true);
    try {
      const answer = await changing<{ message: string }>(
        ['classes'],
        s.mine ? cancelAsMember(s.mine.id) : bookAsMember(s.id),
      );
      setNotice({ tone: 'success', text: answer.message });
    } catch (err) {
      setNotice({ tone: 'danger', text: (await toApiFailure(err)).message });
      classes.reload();
    } finally {
      setBusy(false);
    }
  };

  if (classes.status === 'loading') return <Loading label="Cargando tus clases…" />;
  const back = (
    <Link to={memberPaths.portal} className="btn btn-link px-0">
      ← Volver a tu cuenta
    </Link>
  );
  if (classes.status === 'error')
    return (
      <section className="container py-4" style={{ maxWidth: '32rem' }}>
        <div className="alert alert-warning">{classes.error.message}</div>
        {back}
      </section>
    );
  const { sessions, blocked } = classes.data;
  const days = [...new Set(sessions.map((s) => s.day))];
  return (
    <section className="container py-4" style={{ maxWidth: '32rem' }}>
      {back}
      <h1 className="h3 mb-3">Mis clases</h1>
      {notice && (
        <div className={`alert alert-${notice.tone}`} role="status" data-testid="member-class-notice">
          {notice.text}
        </div>
      )}
      {blocked && (
        <div className="alert alert-warning" role="status">
          {blocked}
        </div>
      )}
      {days.length === 0 && !blocked && <p>No hay clases para reservar en los próximos días.</p>}
      {days.map((day) => (
        <div key={day} className="mb-3">
          <h2 className="h6 text-body-secondary">
            {weekdayLabels[isoWeekday(day)]} {formatDay(day).slice(0, 5)}
          </h2>
          <ul className="list-group">
            {sessions
              .filter((s) => s.day === day)
              .map((s) => (
                <SessionCard key={s.id} s={s} act={(x) => void act(x)} busy={busy || (!!blocked && !s.mine)} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
