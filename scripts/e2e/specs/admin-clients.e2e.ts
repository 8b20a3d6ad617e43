import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { notice, popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';

const s = useBrowser();

async function findClient(page: Page, text: string) {
  await page.goto('/listadeusuarios');
  await page.getByRole('searchbox', { name: 'Buscar usuario' }).fill(text);
}

describe('staff manage the clients', () => {
  test('add, edit and delete a client, with the spec texts and confirmations', async () => {
    const { page } = s;
    const email = `ana.${stamp()}@e2e.test`;
    await signInAsStaff(page);
    await page.goto('/clientes');
    await page.getByRole('link', { name: 'Agregar usuario' }).click();
    await page.waitForURL('**/agregarusuario');

    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('El nombre es obligatorio').waitFor();
    await page.getByLabel('Nombre y apellido').fill('Ana E2E');
    await page.getByLabel('Edad').fill('9');
    await page.getByText('La edad debe estar entre 10 y 100 años').waitFor();
    await page.getByLabel('Edad').fill('30');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Celular').fill('3815550000');
    await page.getByLabel('Plan').selectOption({ label: '001 · BOXEO' });
    await page.getByRole('button', { name: 'Guardar' }).click();
    await notice(page, 'Usuario agregado exitosamente').waitFor();
    await page.waitForURL('**/listadeusuarios');
    await sawNotice(page, 'Listo');
    await popupGone(page);

    await findClient(page, email);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    const code = (await row.locator('code').textContent()) ?? '';
    expect(code).toMatch(/^u-[0-9a-f]{8}$/);
    // The plan's name comes with the list's extras, which may answer after the rows.
    await row.getByRole('cell', { name: '001 · BOXEO', exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('001 · BOXEO');

    await row.getByRole('link', { name: 'Editar a Ana E2E' }).click();
    await page.waitForURL(`**/editarusuario/${code}`);
    const age = page.getByLabel('Edad');
    await page.getByLabel('Nombre y apellido').and(page.locator('[value="Ana E2E"]')).waitFor();
    expect(await age.inputValue()).toBe('30');
    await age.fill('31');
    await page.getByLabel('Plan').selectOption({ label: '002 · YOGA' });
    await page.getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL('**/listadeusuarios');
    await popupGone(page);
    await findClient(page, email);
    await row.getByRole('cell', { name: '31', exact: true }).waitFor();
    await row.getByRole('cell', { name: '002 · YOGA', exact: true }).waitFor();
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('002 · YOGA');

    await row.getByRole('button', { name: 'Borrar a Ana E2E' }).click();
    const question = popup(page, `Estas seguro de querer eliminar los datos del usuario ${code} de manera definitiva?`);
    await question.getByText('Se perderán para siempre').waitFor();
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await popupGone(page);
    await row.waitFor();

    await row.getByRole('button', { name: 'Borrar a Ana E2E' }).click();
    await question.getByRole('button', { name: 'Si, borrar!' }).click();
    await sawNotice(page, 'Usuario Eliminado Correctamente');
    await page.getByText('Ningún usuario coincide con la búsqueda.').waitFor();
    const res = await page.request.post('/v1/obtenerdatausuario', { data: { idUsuario: code } });
    expect(res.status()).toBe(404);
    expect(s.errors).toEqual([]);
  });

  test('a shift and trainer changed on /turnos are stored with the client', async () => {
    const { page } = s;
    await signInAsStaff(page);
    const nombre = `Turno ${stamp()}`;
    const created = await page.request.post('/v1/agregarusuario', {
      data: {
        nombre,
        edad: 40,
        correo: `turno.${stamp()}@e2e.test`,
        celular: 3815550001,
        plan: 1,
        turno: 'Mañana',
        entrenador: 'Martín Gómez',
      },
    });
    expect(created.status()).toBe(201);
    const { idUsuario } = (await created.json()) as { idUsuario: string };

    await page.goto('/turnos');
    // Oldest first, fifteen a page: the newest client is on the last page.
    const lastPage = async () => {
      await page.getByRole('heading', { level: 1, name: 'Turnos' }).waitFor();
      await page.getByRole('table').waitFor();
      const pager = page.getByRole('navigation', { name: 'Páginas de turnos' });
      const numbered = pager.getByRole('button', { name: /^Página \d+$/ });
      if ((await numbered.count()) > 0) await numbered.last().click();
    };
    await lastPage();
    const row = page.getByRole('row').filter({ hasText: nombre });
    await row.getByRole('button', { name: `Cambiar el turno de ${nombre}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cambiar turno de ${nombre}` });
    expect(await dialog.getByLabel('Turno').inputValue()).toBe('Mañana');
    await dialog.getByLabel('Turno').selectOption('Noche');
    await dialog.getByLabel('Entrenador').selectOption('Diego Sosa');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await sawNotice(page, 'Guardado!');
    await popupGone(page);
    await row.getByRole('cell', { name: 'Noche', exact: true }).waitFor();

    await page.reload();
    await lastPage();
    await row.getByRole('cell', { name: 'Diego Sosa', exact: true }).waitFor();
    const shifts = (await (await page.request.get('/v1/turnos')).json()) as { idUsuario: string; turno: string }[];
    expect(shifts.find((shift) => shift.idUsuario === idUsuario)).toMatchObject({
      turno: 'Noche',
      entrenador: 'Diego Sosa',
    });
    await page.request.post('/v1/borrarusuario', { data: { idUsuario } });
  });
});
