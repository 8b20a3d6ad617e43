import '@testing-library/jest-dom';

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
