import { useState, type FormEvent } from 'react';
import { formatDay } from '@gym/contracts';
import { changing } from '@/api/server-state';
import { confirmAction, showAlert } from '@/components/alerts';
import { showFailure } from '@/components/show-failure';
import { suspendDay } from '../api/classes-api';

/** A holiday: every class of the chosen day still to start is suspended at once, the booked told. */
export function SuspendDayForm({ day }: { day: string }) {
  const [motivo, setMotivo] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const sure = await confirmAction({
      icon: 'warning',
      title: `¿Suspender todas las clases del ${formatDay(day)}?`,
      text: 'A quienes tienen lugar o están en espera les avisamos por e-mail.',
      confirmText: 'Sí, suspender',
      cancelText: 'No',
      danger: true,
    });
    if (!sure) return;
    try {
      const answer = await changing(['classes'], suspendDay(day, motivo));
      setMotivo('');
      void showAlert({ icon: 'success', title: answer.message });
    } catch (err) {
      await showFailure(err, 'No se pudieron suspender las clases');
    }
  };
  return (
    // On a card: the outline button's red reads at 4.5:1 on white, not on the page's grey. The
    // reason takes the card's width and the button goes under it: side by side, both were cut.
    <form className="card card-body d-flex flex-row flex-wrap gap-2 mt-3" onSubmit={(e) => void submit(e)}>
      <label htmlFor="suspend-day" className="visually-hidden">
        Motivo para suspender todas las clases del día
      </label>
      <input
        id="suspend-day"
        className="form-control form-control-sm w-100"
        placeholder="Motivo (p. ej. Feriado)"
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
      />
      <button type="submit" className="btn btn-sm btn-outline-danger text-nowrap">
        Suspender todas las clases del día
      </button>
    </form>
  );
}
