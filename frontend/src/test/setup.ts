import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { queryClient } from '@/api/server-state';
import { forgetSiteInfo } from '@/api/site-info';
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

// findBy… and waitFor poll until what the user would see is there. Their default second is short on a
// loaded machine (CI runs the compose stage and two browser halves beside other suites): a panel that
// had not rendered its lazy part within 1 s failed a fresh-clone run. Waiting longer never passes a
// wrong screen; it only gives a slow one the time it needs.
configure({ asyncUtilTimeout: 5000 });

// Each test starts from a fresh visit: nothing the API answered in an earlier test is cached.
beforeEach(() => {
  queryClient.clear();
  forgetSiteInfo();
});

// Requests to the API are answered by the routes a test gives `serveApi`; anything else is an error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
