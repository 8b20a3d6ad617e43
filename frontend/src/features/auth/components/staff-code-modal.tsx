import { useState, type FormEvent } from 'react';
import { STAFF_CODE_MAX_LENGTH } from '@gym/contracts/accounts';
import { staffCodeMessages } from '@gym/contracts/messages';
import { toApiFailure } from '@/api/client';
import { showAlert } from '@/components/alerts';
import { Modal } from '@/components/modal';
import type { AuthModalProps } from '../auth-modals';
import { verifyStaffCode } from '../api/auth-api';
import { notify } from '@/components/notices';

/** SPEC §4: registration opens only after the staff code is accepted (by the server, DESIGN 2). */
export default function StaffCodeModal({ onClose, onSwitch }: AuthModalProps) {
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await verifyStaffCode(code);
      notify(staffCodeMessages.right);
      onSwitch('register', { staffCode: code });
    } catch (err) {
      const failure = await toApiFailure(err);
      setBusy(false);
      await showAlert({ icon: 'error', title: failure.message });
    }
  };

  return (
    <Modal open={open} title="Código de staff" onClose={() => setOpen(false)} onExited={onClose} size="sm">
      <p className="small text-secondary">
        Solo el personal del gimnasio puede crear cuentas. Si sos cliente, pedile a tu entrenador que te registre.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="mb-3">
          <label htmlFor="staff-code" className="form-label">
            Código
          </label>
          <input
            id="staff-code"
            type="password"
            className="form-control"
            maxLength={STAFF_CODE_MAX_LENGTH}
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
          />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy || code === ''}>
          Verificar
        </button>
      </form>
    </Modal>
  );
}
