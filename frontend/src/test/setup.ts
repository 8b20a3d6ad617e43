import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '@/api/server-state';
import { forgetSiteInfo } from '@/api/site-info';
import { dismissNotice } from '@/components/notices';
import { server } from './api-server';

// jsdom has no innerText; SweetAlert2 writes popup titles (titleText) through it. As in a browser, it sets text.
if (typeof HTMLElement !== 'undefined' && !('innerText' in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, 'innerText', {
    configurable: true,
    get(this: HTMLElement) {
      return this.textContent;
    },
    set(this: HTMLElement, value: string) {
      this.textContent = value;
    },
  });
}

// jsdom has <dialog> but not its modal behaviour: showModal/close toggle `open` as a browser does, and
// Escape in an open dialog fires its cancelable `cancel` and closes it unless cancelled.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    const top = dialogs[dialogs.length - 1];
    if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}

// findBy… and waitFor poll until what the user would see is there. Their default second is short on a
// loaded machine (CI runs the compose stage and two browser halves beside other suites): a panel that
// had not rendered its lazy part within 1 s failed a fresh-clone run. Waiting longer never passes a
// wrong screen; it only gives a slow one the time it needs.
configure({ asyncUtilTimeout: 5000 });

// Each test starts from a fresh visit: nothing the API answered in an earlier test is cached.
beforeEach(() => {
  queryClient.clear();
  forgetSiteInfo();
  dismissNotice();
});

// Requests to the API are answered by the routes a test gives `serveApi`; anything else is an error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
