import { render, screen, waitFor } from '@testing-library/react';
import { Notices } from '@/components/notices';

/** The live region the app mounts once for every layout (app/router.tsx), for a screen rendered alone. */
export function renderNotices() {
  render(<Notices />);
}

/** What the success notices' live regions say (the page's, and an open dialog's), as a screen reader finds them. */
export const noticeText = () =>
  screen
    .getAllByRole('status', { name: 'Avisos' })
    .map((region) => region.textContent ?? '')
    .join(' ');

/**
 * Waits until a live region says each of `texts` (a notice stays until closed or replaced): up to
 * 10 s, not Testing Library's 1 s, which a loaded CI machine overran between the click and the answer.
 */
export async function expectNotice(...texts: string[]) {
  await waitFor(
    () => {
      for (const text of texts) expect(noticeText()).toContain(text);
    },
    { timeout: 10_000 },
  );
}
