import { useEffect, useMemo, useState } from 'react';
import { encode } from 'uqr';
import { DOOR_PASS_MINUTES, type MemberDoorPass } from '@gym/contracts/members';
import { formatInstant } from '@gym/contracts/format-dates';
import { toApiFailure } from '@/api/client';
import { getDoorPass, type MaybeSaved } from '../api/members-api';

/** Without a connection, ask again this often; with one, at the pass's turn (and never sooner than this). */
const OFFLINE_RETRY_MS = 30_000;
const MIN_WAIT_MS = 5_000;

/**
 * A QR as SVG: one path of dark squares, 4 modules of quiet zone (what readers need), medium
 * error correction so a scratched screen still reads. `crispEdges` keeps the modules sharp.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 });
    const squares: string[] = [];
    qr.data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x} ${y}h1v1h-1z`)));
    return { size: qr.size, path: squares.join('') };
  }, [text]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className="d-block mx-auto w-100"
      style={{ maxWidth: '16rem' }}
      data-testid="door-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

type ShownPass = MaybeSaved<MemberDoorPass> & { receivedAt: string };

/** The door takes a pass in its own step and the next one (backend door-pass.ts). */
const validUntil = (pass: MemberDoorPass) =>
  new Date(new Date(pass.emitido).getTime() + 2 * DOOR_PASS_MINUTES * 60_000);

/**
 * The portal's QR for the door: a signed token that changes every few minutes. The page asks for
 * the next one when it turns and when the phone comes back (to the tab, or online). Without a
 * connection it keeps showing the last one (the service worker's copy after a reload), saying
 * from when; a refused session (401) takes it off the screen.
 */
export function DoorQrSection() {
  const [shown, setShown] = useState<ShownPass | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getDoorPass(controller.signal).then(
      (pass) => {
        setShown({ ...pass, receivedAt: new Date().toISOString() });
        setFailed(false);
      },
      async (err: unknown) => {
        if (controller.signal.aborted) return;
        const { status } = await toApiFailure(err);
        setFailed(true);
        setShown((last) =>
          status !== null && status < 500 ? null : last && { ...last, savedAt: last.savedAt ?? last.receivedAt },
        );
      },
    );
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    const wait =
      !shown || shown.savedAt
        ? OFFLINE_RETRY_MS
        : Math.max(new Date(shown.renovar).getTime() - Date.now() + 1_000, MIN_WAIT_MS);
    const timer = window.setTimeout(again, wait);
    const onVisible = () => document.visibilityState === 'visible' && again();
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [shown, failed]);

  return (
    <div className="card mb-3">
      <div className="card-body">
        <h2 className="h6 text-body-secondary mb-2">Tu QR para entrar</h2>
        {!shown && !failed && <p className="mb-0">Preparando tu código…</p>}
        {!shown && failed && (
          <p className="mb-0 text-danger" role="alert">
            No pudimos traer tu código: revisá tu conexión. En recepción también te encuentran por tu nombre.
          </p>
        )}
        {shown && (
          <>
            <QrCode text={shown.token} label="Código QR para la puerta del gimnasio" />
            {shown.savedAt ? (
              <p className="small text-danger mt-2 mb-0" role="status" data-testid="door-qr-offline">
                Sin conexión: es el último código que guardamos y vale hasta el {formatInstant(validUntil(shown))}.
                Después, decí tu nombre en recepción.
              </p>
            ) : (
              <p className="small text-body-secondary mt-2 mb-0">
                Mostralo en la puerta. Cambia cada {DOOR_PASS_MINUTES} minutos, así que una captura no sirve.
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
