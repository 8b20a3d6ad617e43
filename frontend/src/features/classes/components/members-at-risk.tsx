import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDay } from '@gym/contracts/format-dates';
import { countOf } from '@gym/contracts/format';
import { retentionMessages as rm, riskReasonLabels, type MemberAtRisk } from '@gym/contracts/retention';
import { toApiFailure } from '@/api/client';
import { changing } from '@/api/server-state';
import { notify } from '@/components/notices';
import { showFailure } from '@/components/show-failure';
import { paths } from '@/config/paths';
import { useResource } from '@/hooks/use-resource';
import { useCan } from '@/features/auth/staff';
import { getMembersAtRisk, liftBookingBlock, sendWinBack } from '../api/classes-api';

const decimal = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 1 });

/** Visits in the last 30 days against the monthly average of the two months before. */
const trend = (s: MemberAtRisk) =>
  `${countOf(s.visitasMes, 'visita', 'visitas')} en 30 días (antes, ${decimal(s.promedioMensual)} por mes)`;

/** What the API answered to the win-back message of one row: sent, or why not. */
interface WinBackAnswer {
  ok: boolean;
  text: string;
}

/**
 * The panel's "Socios en riesgo" (issue 46): active members who stopped coming, come half as
 * often or miss booked classes, most at risk first, with the link to each client; for a member
 * whose bookings are blocked by no-shows, the button that lifts the block; and for one who stopped
 * coming, the button that sends "Te extrañamos" by WhatsApp, its answer in the row (sent, or why not).
 */
export function MembersAtRisk() {
  const list = useResource(['classes', 'at-risk'], getMembersAtRisk);
  const can = useCan();
  const [lifting, setLifting] = useState<string | null>(null);
  const [winning, setWinning] = useState<string | null>(null);
  const [winBack, setWinBack] = useState<Record<string, WinBackAnswer>>({});
  if (list.status !== 'ready') return null;
  const { socios, total, ausenciaDias } = list.data;

  const lift = async (s: MemberAtRisk) => {
    setLifting(s.idUsuario);
    try {
      const answer = await changing(['classes'], liftBookingBlock(s.idUsuario));
      notify(answer.message, `${s.nombre} puede volver a reservar clases.`);
    } catch (err) {
      await showFailure(err, 'No se pudo levantar el bloqueo');
    } finally {
      setLifting(null);
    }
  };

  const sendWin = async (s: MemberAtRisk) => {
    setWinning(s.idUsuario);
    try {
      const answer = await sendWinBack(s.idUsuario);
      setWinBack((all) => ({ ...all, [s.idUsuario]: { ok: true, text: answer.message } }));
    } catch (err) {
      const failure = await toApiFailure(err);
      setWinBack((all) => ({ ...all, [s.idUsuario]: { ok: false, text: failure.message } }));
    } finally {
      setWinning(null);
    }
  };
  const mayWinBack = can('socios.recuperar');

  return (
    <section className="card mb-4" aria-labelledby="members-at-risk-title" data-testid="members-at-risk">
      <div className="card-body">
        <h2 className="h5" id="members-at-risk-title">
          Socios en riesgo{total > 0 && ` (${total})`}
        </h2>
        {socios.length === 0 ? (
          <p className="mb-0 text-body-secondary">Ningún socio en riesgo: todos vienen seguido.</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle mb-0">
              <thead>
                <tr>
                  <th scope="col">Socio</th>
                  <th scope="col">Última visita</th>
                  <th scope="col">Tendencia</th>
                  <th scope="col">Motivos</th>
                  <th scope="col">Reservas</th>
                  {mayWinBack && <th scope="col">WhatsApp</th>}
                </tr>
              </thead>
              <tbody>
                {socios.map((s) => (
                  <tr key={s.idUsuario}>
                    <td>
                      <Link to={paths.admin.viewClient(s.idUsuario)}>{s.nombre}</Link>
                    </td>
                    <td>{s.ultimaVisita ? formatDay(s.ultimaVisita) : 'Nunca vino'}</td>
                    <td>{trend(s)}</td>
                    <td>
                      {s.motivos.map((m) => riskReasonLabels[m](ausenciaDias)).join('; ')}
                      {s.ausentes30 > 0 && ` (${countOf(s.ausentes30, 'falta', 'faltas')} en 30 días)`}
                    </td>
                    <td>
                      {s.bloqueadoHasta ? (
                        <>
                          <span className="d-block">Bloqueadas hasta el {formatDay(s.bloqueadoHasta)}</span>
                          {can('reservas.desbloquear') && (
                            <button
                              type="button"
                              className="btn btn-sm btn-outline-primary mt-1"
                              disabled={lifting === s.idUsuario}
                              onClick={() => void lift(s)}
                            >
                              Levantar bloqueo
                            </button>
                          )}
                        </>
                      ) : (
                        'Puede reservar'
                      )}
                    </td>
                    {mayWinBack && (
                      <td>
                        {s.motivos.includes('ausencia') && (
                          <button
                            type="button"
                            className="btn btn-sm btn-outline-success"
                            aria-label={`${rm.winBackButton} a ${s.nombre}`}
                            disabled={winning === s.idUsuario || winBack[s.idUsuario]?.ok === true}
                            onClick={() => void sendWin(s)}
                          >
                            {rm.winBackButton}
                          </button>
                        )}
                        <span
                          role="status"
                          className={`d-block small mt-1 ${winBack[s.idUsuario]?.ok ? 'text-success' : 'text-danger'}`}
                        >
                          {winBack[s.idUsuario]?.text}
                        </span>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > socios.length && (
          <p className="small text-body-secondary mt-2 mb-0">Se muestran los primeros {socios.length}.</p>
        )}
      </div>
    </section>
  );
}
