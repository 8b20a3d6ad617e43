import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export { E2E_SECRETS } from './stack';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // The run's own certificate (ignoreHTTPSErrors below) must also let a service worker control
  // its pages, as a real certificate does: Chromium otherwise keeps the portal's worker idle.
  '--ignore-certificate-errors',
];

/**
 * A Chromium whose camera shows `video` (a .y4m file) and that grants the camera without asking:
 * the door's QR reader sees what a member's phone would show it.
 */
export const launchWithCamera = (video: string) =>
  chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...FLAGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through scripts/e2e/jest.config.js');
  return url;
};

/**
 * Console errors that are the machine's network, not the page: Chromium logs a request cut short by
 * the host's network changing (an interface or address coming and going on a CI runner) as
 * net::ERR_NETWORK_CHANGED. Only that exact message is ignored; every other error still counts.
 */
const machineNetworkError = (text: string) => text === 'Failed to load resource: net::ERR_NETWORK_CHANGED';

/** One headless Chromium per test file; a fresh context (cookies, storage) per test. */
export function useBrowser() {
  let browser: Browser;
  const state: { context: BrowserContext; page: Page; errors: string[] } = {} as never;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    // nginx serves HTTPS with a certificate the run made itself (scripts/e2e/stack.js).
    state.context = await browser.newContext({ baseURL: baseURL(), locale: 'es-AR', ignoreHTTPSErrors: true });
    state.page = await state.context.newPage();
    state.errors = [];
    state.page.on('pageerror', (err) => state.errors.push(err.message));
    state.page.on('console', (msg) => {
      if (msg.type() === 'error' && !machineNetworkError(msg.text())) state.errors.push(msg.text());
    });
  });
  afterEach(async () => {
    await state.context?.close();
  });
  return state;
}
