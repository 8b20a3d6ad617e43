import { useState } from 'react';
import { whatsappPortalMessages as wp } from '@gym/contracts/whatsapp';
import { toApiFailure } from '@/api/client';
import { useResource } from '@/hooks/use-resource';
import { myWhatsapp, setMyWhatsapp } from '../api/whatsapp-api';
import { memberKeys } from '../member-keys';

/**
 * "Avisos por WhatsApp" (issue 46): the member's consent to the gym's reminders by WhatsApp, a
 * switch they turn on or off. Not shown while the gym has not set WhatsApp up.
 */
export function WhatsappCard({ member }: { member: string }) {
  const consent = useResource(memberKeys.whatsapp(member), myWhatsapp);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();

  if (consent.status === 'ready' && !consent.data.configurado) return null;
  const accepts = consent.status === 'ready' && consent.data.acepta === true;

  const change = async (acepta: boolean) => {
    setBusy(true);
    setDone(undefined);
    setFailure(undefined);
    try {
      await setMyWhatsapp(acepta);
      setDone(acepta ? wp.accepted : wp.declined);
    } catch (err) {
      setFailure((await toApiFailure(err)).message);
    }
    setBusy(false);
  };

  return (
    <section className="card mb-3" aria-labelledby="whatsapp-title">
      <div className="card-body">
        <h2 id="whatsapp-title" className="h6 text-body-secondary mb-2">
          Avisos por WhatsApp
        </h2>
        {consent.status === 'loading' && <p className="small mb-0">Consultando tus avisos…</p>}
        {consent.status === 'error' && (
          <p className="small text-danger mb-0" role="alert">
            {consent.error.message}
          </p>
        )}
        {consent.status === 'ready' && (
          <>
            <div className="form-check form-switch mb-2">
              <input
                id="whatsapp-consent"
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={accepts}
                disabled={busy}
                onChange={(e) => void change(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="whatsapp-consent">
                {wp.switchLabel}
              </label>
            </div>
            <p className="small text-body-secondary mb-0">{wp.help}</p>
          </>
        )}
        <p className="small text-success mt-2 mb-0" role="status">
          {done}
        </p>
        {failure && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {failure}
          </p>
        )}
      </div>
    </section>
  );
}
