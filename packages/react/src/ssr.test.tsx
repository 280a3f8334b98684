// @vitest-environment node
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('server-side rendering (no window)', () => {
  it('imports and renders the components and the hook without touching the DOM', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const { CheckoutButton, CheckoutFrame, useCheckout } = await import('./index');
    const Page = () => {
      const checkout = useCheckout();
      return createElement('p', null, checkout.isOpen ? 'open' : 'closed');
    };
    const html = renderToString(
      createElement('main', null, [
        createElement(CheckoutButton, { key: 'b', code: 'LK1', className: 'pay' }, 'Pagar'),
        createElement(CheckoutFrame, { key: 'f', code: 'LK1', id: 'inline' }),
        createElement(Page, { key: 'p' }),
      ]),
    );
    expect(html).toContain('<button type="button" aria-haspopup="dialog" class="pay">Pagar</button>');
    expect(html).toContain('<div id="inline"></div>');
    expect(html).toContain('<p>closed</p>');
  });
});
