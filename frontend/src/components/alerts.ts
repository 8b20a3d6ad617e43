import type { SweetAlertIcon } from 'sweetalert2';

/** SweetAlert2 is loaded on first use, so pages that never alert never download it. */
const sweetAlert = () => import('sweetalert2').then((module) => module.default);

export const NOTICE_MS = 1500;

/** The brand's colours on every popup's buttons (white text on them reads at 4.5:1 or more). */
export const POPUP_COLORS = { confirm: '#c2410c', danger: '#dc3545', cancel: '#4b5563' } as const;

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
  // titleText and text are set as text, never parsed as HTML: names typed by people reach them.
  await Swal.fire({
    icon,
    titleText: title,
    text,
    timer,
    footer: footer ? escapeHtml(footer) : undefined,
    showConfirmButton: timer === undefined,
    confirmButtonText: 'Aceptar',
    confirmButtonColor: POPUP_COLORS.confirm,
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
    titleText: title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    confirmButtonColor: danger ? POPUP_COLORS.danger : POPUP_COLORS.confirm,
    cancelButtonColor: POPUP_COLORS.cancel,
    focusCancel: danger,
  });
  return result.isConfirmed;
}
