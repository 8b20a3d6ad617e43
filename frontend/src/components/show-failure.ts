import { toApiFailure, type ApiFailure } from '../api/client';
import { confirmAction, showAlert } from './alerts';

/**
 * A failed staff call, told in the API's own Spanish words. A lost session (401) shows nothing
 * here: the staff guard already sends the person to the login with its message.
 */
export async function showFailure(err: unknown, title = 'No se pudo completar'): Promise<ApiFailure> {
  const failure = await toApiFailure(err);
  if (failure.status !== 401) void showAlert({ icon: 'error', title, text: failure.message });
  return failure;
}

/** Someone saved first (409): say so in the API's words and offer to load the newer version. */
export async function offerReload(message: string, reload: () => void): Promise<void> {
  const again = await confirmAction({
    icon: 'warning',
    title: message,
    confirmText: 'Recargar',
    cancelText: 'Seguir editando',
  });
  if (again) reload();
}
