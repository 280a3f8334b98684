import { connect, WindowMessenger } from 'penpal';
import type { WidgetMessage } from '@pasarela/core';

// The script of the page a shop's page gets in its checkout's frame when the merchant's domain
// validation does not allow that page (packages/sandbox/src/routes/pages/refusedHerePage.ts, which
// draws the words and names the shop's exact origin): the shop hears why at once, as an `error` event,
// and Close or Escape closes the checkout as the checkout's own do. Built alone (refused-here.js):
// nothing of the checkout is in this page.

const page = document.documentElement;
const parentOrigin = page.dataset['parent'];
const heading = document.querySelector('h1');
const closeButton = document.querySelector('button');

// The heading is what a screen reader says first; Tab then reaches Close.
heading?.focus();
if (page.dataset['detail']) console.warn(`[pasarela] ${page.dataset['detail']}`);

if (parentOrigin && window.parent !== window) {
  let sent: ((message: WidgetMessage) => void) | undefined;
  const tell = (message: WidgetMessage) => sent?.(message);
  const connection = connect<{ notify(message: WidgetMessage): void }>({
    messenger: new WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [parentOrigin] }),
    methods: { requestClose: () => tell({ type: 'close' }) },
  });
  void connection.promise.then((remote) => {
    sent = (message) => void remote.notify(message).catch(() => undefined);
    tell({ type: 'resize', height: document.documentElement.scrollHeight });
    tell({ type: 'error', error: { code: page.dataset['code'] ?? '', message: heading?.textContent ?? '', category: 'api' } });
  }, () => undefined);
  closeButton?.addEventListener('click', () => tell({ type: 'close' }));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') tell({ type: 'close' });
  });
}
