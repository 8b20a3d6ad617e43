import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  checkinChannelLabels,
  disciplineLabels,
  DNI_PATTERN,
  normalizeDni,
  type CheckinResult,
} from '@gym/contracts/classes';
import { formatInstant } from '@gym/contracts/format-dates';
import { changed } from '@/api/server-state';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { registerPaymentPath } from '@/config/payment-form-path';
import { useCan } from '@/features/auth/staff';
import { useResource } from '@/hooks/use-resource';
import { checkIn, listCheckins, searchClients, type CheckinBy, type FoundClient } from '../api/classes-api';
import { QrCamera } from '../components/qr-camera';

/** What the desk typed or a scanner sent: the portal's QR text, a DNI, or words to search by. */
function readInput(raw: string): CheckinBy | { search: string } {
  const text = raw.trim();
  if (text.startsWith('GYM1.')) return { qr: text };
  if (/^[\d.\s-]+$/.test(text) && DNI_PATTERN.test(normalizeDni(text))) return { dni: normalizeDni(text) };
  return { search: text };
}

/** Green, red, or amber (the same member again within DOOR_REPEAT_MINUTES: the desk decides). */
const CARD = {
  green: { background: '#146c43', color: '#fff', title: 'Puede pasar' },
  red: { background: '#b02a37', color: '#fff', title: 'No puede pasar' },
  amber: { background: '#ffc107', color: '#000', title: 'Ingreso repetido' },
} as const;

const cardOf = (result: Pick<CheckinResult, 'allowed' | 'repeat'>) =>
  result.repeat ? 'amber' : result.allowed ? 'green' : 'red';

function ResultCard({ result }: { result: CheckinResult }) {
  const state = cardOf(result);
  const look = CARD[state];
  return (
    <div
      className="card mb-3"
      style={{ background: look.background, color: look.color }}
      role="status"
      data-testid="checkin-result"
      data-state={state}
    >
      <div className="card-body" style={{ padding: '1.5rem', color: look.color }}>
        <p className="h2 fw-bold mb-2" style={{ color: 'inherit' }}>
          {look.title}
        </p>
        {result.cliente && (
          <p className="h4 mb-1" style={{ color: 'inherit' }}>
            {result.cliente.nombre} <small className="fw-normal">· {result.cliente.plan ?? 'sin plan'}</small>
          </p>
        )}
        <p className="h5 mb-0" style={{ color: 'inherit' }} data-testid="checkin-reason">
          {result.reason}
        </p>
        {result.clase && (
          <p className="mb-0 mt-2 fw-semibold">
            Clase de hoy: {disciplineLabels[result.clase.discipline]} {result.clase.starts} · asistió ✓
          </p>
        )}
        {!result.allowed && result.cliente && <RefusedLinks idUsuario={result.cliente.idUsuario} />}
      </div>
    </div>
  );
}

/** The day's list: the same three states, in words for a screen reader. */
const LIST_MARK = {
  green: { mark: '✔', color: '#146c43', words: 'Entró' },
  red: { mark: '✖', color: '#b02a37', words: 'No entró' },
  amber: { mark: '↻', color: '#664d03', words: 'Ingreso repetido' },
} as const;

/** On a red card: the client's page, and (for whoever takes payments) their payment form. */
function RefusedLinks({ idUsuario }: { idUsuario: string }) {
  const can = useCan();
  return (
    <div className="d-flex flex-wrap gap-2 mt-3">
      <Link className="btn btn-light" to={paths.admin.viewClient(idUsuario)}>
        Ver ficha
      </Link>
      {can('membresias.gestionar') && can('clientes.editar') && (
        <Link className="btn btn-light" to={registerPaymentPath(idUsuario)}>
          Registrar pago
        </Link>
      )}
    </div>
  );
}

/** /admin/ingreso: the door, made for a tablet or phone at the desk. */
export default function DoorPage() {
  usePageTitle('Ingreso');
  const [text, setText] = useState('');
  const [result, setResult] = useState<CheckinResult | null>(null);
  const [matches, setMatches] = useState<FoundClient[] | null>(null);
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const today = useResource(['classes', 'checkins'], listCheckins);

  const send = useCallback(async (by: CheckinBy) => {
    setBusy(true);
    try {
      setResult(await checkIn(by));
      setMatches(null);
      setText('');
      void changed('classes');
    } catch (err) {
      await showFailure(err, 'No se pudo registrar el ingreso');
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }, []);
  const scanned = useCallback((code: string) => void send({ qr: code }), [send]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readInput(text);
    if (!('search' in read)) return send(read);
    if (read.search.length < 2) return;
    try {
      setMatches(await searchClients(read.search));
      setResult(null);
    } catch (err) {
      await showFailure(err, 'No se pudo buscar');
    }
  };

  return (
    <section style={{ maxWidth: '40rem' }}>
      <h1 className="h3 mb-3">Ingreso</h1>
      <form className="d-flex gap-2 mb-2" onSubmit={(e) => void submit(e)}>
        <label htmlFor="door-input" className="visually-hidden">
          DNI, nombre o código
        </label>
        <input
          id="door-input"
          ref={input}
          className="form-control form-control-lg"
          placeholder="DNI, nombre o código (o escaneá el QR)"
          autoComplete="off"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy || text.trim().length < 2}>
          Buscar
        </button>
      </form>
      {camera ? (
        <QrCamera onCode={scanned} onClose={() => setCamera(false)} />
      ) : (
        <button type="button" className="btn btn-outline-dark mb-3" onClick={() => setCamera(true)}>
          Escanear el QR con la cámara
        </button>
      )}
      {matches &&
        (matches.length === 0 ? (
          <p className="text-body-secondary">No encontramos a nadie con «{text}».</p>
        ) : (
          <div className="list-group mb-3">
            {matches.map((c) => (
              <button
                key={c.idUsuario}
                type="button"
                className="list-group-item list-group-item-action"
                onClick={() => void send({ idUsuario: c.idUsuario })}
              >
                <strong>{c.nombre}</strong> · {c.plan ?? 'sin plan'} · código {c.idUsuario}
                {c.dni && ` · DNI ${c.dni}`}
              </button>
            ))}
          </div>
        ))}
      {result && <ResultCard result={result} />}
      <h2 className="h5 mt-4">Ingresos de hoy</h2>
      {today.status === 'loading' && <Loading />}
      {today.status === 'error' && <ErrorState message={today.error.message} onRetry={today.reload} />}
      {today.status === 'ready' &&
        (today.data.length === 0 ? (
          <EmptyState>Todavía no entró nadie hoy.</EmptyState>
        ) : (
          <ul className="list-group" data-testid="checkins-today">
            {today.data.map((c) => (
              <li key={c.id} className="list-group-item d-flex justify-content-between gap-2" data-state={cardOf(c)}>
                <span>
                  <span style={{ color: LIST_MARK[cardOf(c)].color }} aria-hidden="true">
                    {LIST_MARK[cardOf(c)].mark}
                  </span>{' '}
                  <span className="visually-hidden">{LIST_MARK[cardOf(c)].words}: </span>
                  {c.nombre ?? 'Sin identificar'} · <small>{c.reason}</small>
                </span>
                <small className="text-body-secondary text-nowrap">
                  {formatInstant(c.at).slice(-5)} · {checkinChannelLabels[c.channel]}
                </small>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
