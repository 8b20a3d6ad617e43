import { clientMessages } from '@gym/contracts/clients';
import { confirmAction } from './alerts';

/** SPEC §4 delete pattern (clients, plans, products): the question, 'Se perderán para siempre', 'Si, borrar!'. */
export function confirmDelete(question: string): Promise<boolean> {
  return confirmAction({
    icon: 'warning',
    title: question,
    text: clientMessages.deleteConfirmText,
    confirmText: clientMessages.deleteConfirmButton,
    cancelText: 'Cancelar',
    danger: true,
  });
}
