import type { SweetAlertIcon } from 'sweetalert2';

/**
 * SweetAlert2 asks and tells what must be answered (docs/decisions/0010-notices-and-dialogs.md): a
 * confirmation, or a failure read before going on. It never says that something worked (that is
 * `notify`, components/notices.tsx) and never closes by itself. It is loaded on first use, so pages
 * that never ask never download it.
 */
const sweetAlert = () => import('sweetalert2').then((module) => module.default);

/**
 * Where the popup goes: inside an open native dialog when there is one (the page behind a modal
 * <dialog> is inert, so a popup in <body> could be neither seen nor clicked), else the body.
 */
const popupTarget = (): HTMLElement => document.querySelector<HTMLElement>('dialog[open]') ?? document.body;

/** The brand's colours on every popup's buttons (white text on them reads at 4.5:1 or more). */
export const POPUP_COLORS = { confirm: '#c2410c', danger: '#dc3545', cancel: '#4b5563' } as const;

interface AlertOptions {
  /** Never 'success': success is a notice (`notify`), not a popup. */
  icon: Exclude<SweetAlertIcon, 'success'>;
  title: string;
  text?: string;
  /** A smaller line under the text, e.g. the server's own reason. */
  footer?: string;
}

export async function showAlert({ icon, title, text, footer }: AlertOptions): Promise<void> {
  const Swal = await sweetAlert();
  // titleText and text are set as text, never parsed as HTML: names typed by people reach them.
  await Swal.fire({
    icon,
    titleText: title,
    text,
    target: popupTarget(),
    footer: footer ? escapeHtml(footer) : undefined,
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
  icon?: Exclude<SweetAlertIcon, 'success'>;
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
    target: popupTarget(),
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    confirmButtonColor: danger ? POPUP_COLORS.danger : POPUP_COLORS.confirm,
    cancelButtonColor: POPUP_COLORS.cancel,
    focusCancel: danger,
  });
  return result.isConfirmed;
}
