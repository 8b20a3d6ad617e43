import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { E2E_SECRETS } from '../browser';

/** A staff session without the login screen (the screen itself is covered by admin-access). */
export async function signInAsStaff(page: Page) {
  const res = await page.request.post('/v1/user/login', {
    data: { email: E2E_SECRETS.ADMIN_EMAIL, password: E2E_SECRETS.ADMIN_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** A SweetAlert2 popup (a question or a failure), named by its title. */
export const popup = (page: Page, title: string | RegExp) => page.getByRole('dialog', { name: title, exact: true });

/**
 * A success notice (docs/decisions/0010-notices-and-dialogs.md): its words in a live region
 * "Avisos" (the page's, or an open dialog's). It stays until closed or replaced: no need to wait
 * for it to go.
 */
export const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status', { name: 'Avisos' }).getByText(text, { exact: true });

/**
 * Waits for a success notice, then closes it with its button, as a person may: the next step's
 * notice (the same words, perhaps) is then a new one, never this one still showing.
 */
export async function sawNotice(page: Page, text: string | RegExp) {
  const said = notice(page, text);
  await said.waitFor();
  await page.getByRole('status', { name: 'Avisos' }).getByRole('button', { name: 'Cerrar aviso' }).click();
  await said.waitFor({ state: 'detached' });
}

/** Waits until no SweetAlert2 popup (a question being answered) covers the page. */
export async function popupGone(page: Page) {
  await page.locator('.swal2-container').waitFor({ state: 'detached', timeout: 10_000 });
}

/**
 * WCAG 2.1 A/AA violations that axe rates serious or critical, one line each. Finite CSS transitions
 * end first: axe measured a button halfway from btn-primary to btn-outline-danger (React reuses the
 * element) and reported a contrast neither colour has.
 */
export async function seriousViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A name no other run or test has used. */
/** How far the page reaches past the window's right edge (0 when nothing pans sideways). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

export const stamp = () => `${Date.now()}`.slice(-7);
