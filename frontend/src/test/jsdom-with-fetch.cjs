// jsdom lacks fetch, Request, Response, Headers and the streams: lend it Node's, with the AbortController
// they expect, so MSW (test/api-server.ts) can answer. The web project's environment (jest.config.js).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'BroadcastChannel',
];

module.exports = class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    const page = this.global;
    // as in a browser, a relative URL resolves against the page
    this.global.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href).href : input, init);
      }
    };
    this.global.TextEncoder ??= globalThis.TextEncoder;
    this.global.TextDecoder ??= globalThis.TextDecoder;
    this.global.structuredClone ??= globalThis.structuredClone;
    // SweetAlert2 asks for the reduced-motion preference and restores the scroll position
    this.global.scrollTo = () => {};
    this.global.matchMedia ??= (media) => ({
      matches: false,
      media,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    });
  }
};
