import type { SweetAlertIcon } from 'sweetalert2';

/** SweetAlert2 is loaded on first use, so pages that never alert never download it. */
const sweetAlert = () => import('sweetalert2').then((module) => module.default);

export const NOTICE_MS = 1500;

interface AlertOptions {
  icon: SweetAlertIcon;
  title: string;
  text?: string;
  /** Closes by itself after this many milliseconds, without a button. */
  timer?: number;
  /** A smaller line under the text, e.g. the server's own reason. */
  footer?: string;
}

export async function showAlert({ icon, title, text, timer, footer }: AlertOptions): Promise<void> {
  const Swal = await sweetAlert();
  await Swal.fire({
    icon,
    title,
    text,
    timer,
    footer: footer ? escapeHtml(footer) : undefined,
    showConfirmButton: timer === undefined,
    confirmButtonText: 'Aceptar',
  });
}

/** SweetAlert2 renders `footer` as HTML: server text goes in as text. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface ConfirmOptions {
  title: string;
  text?: string;
  confirmText: string;
  cancelText: string;
  icon?: SweetAlertIcon;
  danger?: boolean;
}

/** Resolves true only when the person presses the confirm button. */
export async function confirmAction({
  title,
  text,
  confirmText,
  cancelText,
  icon = 'question',
  danger,
}: ConfirmOptions) {
  const Swal = await sweetAlert();
  const result = await Swal.fire({
    icon,
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    confirmButtonColor: danger ? '#dc3545' : '#f97316',
    focusCancel: danger,
  });
  return result.isConfirmed;
}
