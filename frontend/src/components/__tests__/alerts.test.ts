import { waitFor } from '@testing-library/react';
import { confirmAction, POPUP_COLORS, showAlert } from '../alerts';
import { confirmDelete } from '../confirm-delete';

const MARKUP = ['<img src=x onerror=alert(1)>', '<style>body{display:none}</style>'];

beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

const title = () => document.getElementById('swal2-title')?.textContent;
const button = (selector: string) => document.querySelector<HTMLButtonElement>(selector)!;
const popup = () => document.querySelector('.swal2-popup') as HTMLElement;
const close = async () => {
  const cancel = document.querySelector<HTMLButtonElement>('.swal2-cancel');
  (cancel && cancel.style.display !== 'none' ? cancel : button('.swal2-confirm')).click();
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
};

describe('popups', () => {
  test.each(MARKUP)('a delete confirmation shows a name like %s as text, never as markup', async (name) => {
    const answer = confirmDelete(`¿Borrar el producto ${name}?`);
    await waitFor(() => expect(title()).toBe(`¿Borrar el producto ${name}?`));
    expect(popup().querySelector('img:not(.swal2-image), style')).toBeNull();
    await close();
    await expect(answer).resolves.toBe(false);
  });

  test.each(MARKUP)('an alert shows a title and text like %s as text', async (name) => {
    void showAlert({ icon: 'error', title: name, text: name, footer: name });
    await waitFor(() => expect(title()).toBe(name));
    expect(popup().querySelector('.swal2-html-container')?.textContent).toBe(name);
    expect(popup().querySelector('.swal2-footer')?.textContent).toBe(name);
    expect(popup().querySelector('img:not(.swal2-image), style')).toBeNull();
    await close();
  });

  test("'Aceptar' and every confirm button wear the brand's orange, not SweetAlert's purple", async () => {
    void showAlert({ icon: 'info', title: 'Listo' });
    await waitFor(() => expect(title()).toBe('Listo'));
    expect(button('.swal2-confirm').textContent).toBe('Aceptar');
    const colour = (selector: string, type: string) =>
      button(selector).style.getPropertyValue(`--swal2-${type}-button-background-color`);
    expect(colour('.swal2-confirm', 'confirm')).toBe(POPUP_COLORS.confirm);
    await close();
    void confirmAction({ title: '¿Guardar?', confirmText: 'Guardar', cancelText: 'No guardar' });
    await waitFor(() => expect(title()).toBe('¿Guardar?'));
    expect(colour('.swal2-confirm', 'confirm')).toBe(POPUP_COLORS.confirm);
    expect(colour('.swal2-cancel', 'cancel')).toBe(POPUP_COLORS.cancel);
    await close();
  });
});
