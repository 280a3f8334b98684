import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { open } from '@pasarela/checkout';
import type { CheckoutHandle } from '@pasarela/checkout';
import { paymentResult } from '@pasarela/checkout/testing';
import { CheckoutButton } from './CheckoutButton';
import { CheckoutFrame } from './CheckoutFrame';
import { BASE, click, iframeCode, lastWidget, mount, notify, serveBlankIframes, settle, widgets } from './testing';
import type { Mounted } from './testing';

vi.mock('@pasarela/checkout', () => import('./testing').then((m) => m.fakeLoaderModule()));

let mounted: Mounted | undefined;
beforeAll(serveBlankIframes);
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const frameBox = () => mounted?.host.querySelector('div');
const PAYMENT = { method: 'card', link: 'LK1', trackId: 'trk-0001-abcd' } as const;

/** moveBefore() as the browsers that have it do: the node moves, its frame's page stays (happy-dom has none). */
function withMoveBefore(): () => void {
  const moveBefore = function (this: Element, node: Node, child: Node | null) {
    this.insertBefore(node, child);
  };
  Object.defineProperty(Element.prototype, 'moveBefore', { value: moveBefore, configurable: true, writable: true });
  return () => Reflect.deleteProperty(Element.prototype, 'moveBefore');
}

describe('<CheckoutFrame>', () => {
  it('mounts the checkout inline in the div it renders, with the div attributes given', () => {
    mounted = mount(<CheckoutFrame code="LK1" lang="es" baseUrl={BASE} className="checkout" id="pay-here" />);
    const box = frameBox();
    expect(box?.id).toBe('pay-here');
    expect(box?.className).toBe('checkout');
    expect(box?.querySelector('iframe')).not.toBeNull();
    expect(iframeCode(box ?? document)).toBe('LK1');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(box?.hasAttribute('code')).toBe(false);
  });

  it('follows the checkout height and reports every result', () => {
    const onResult = vi.fn();
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onResult={onResult} />);
    notify({ type: 'resize', height: 702 });
    notify({ type: 'result', result: paymentResult('error') });
    notify({ type: 'result', result: paymentResult('success') });
    expect(frameBox()?.querySelector('iframe')?.style.height).toBe('702px');
    expect(onResult.mock.calls.map(([r]) => r.status)).toEqual(['error', 'success']);
  });

  it('opens again when the target changes, but not when only a callback or a class does', () => {
    const onClose = vi.fn();
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />);
    mounted.rerender(<CheckoutFrame code="LK1" baseUrl={BASE} onClose={() => onClose()} className="x" />);
    expect(widgets.at(-1)?.destroyed).toBe(0);
    const before = widgets.length;
    mounted.rerender(<CheckoutFrame code="LK2" baseUrl={BASE} onClose={onClose} />);
    expect(widgets.length).toBe(before + 1);
    expect(frameBox()?.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframeCode(frameBox() ?? document)).toBe('LK2');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('carries appearance, and opens again when it changes in value, not when a new object says the same', () => {
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} appearance={{ theme: 'dark', variables: { colorPrimary: '#6b3e26' } }} />);
    const appearanceOf = () => JSON.parse(new URL(frameBox()?.querySelector('iframe')?.src ?? 'about:blank').searchParams.get('appearance') ?? 'null');
    expect(appearanceOf()).toEqual({ theme: 'dark', variables: { colorPrimary: '#6b3e26' } });
    const before = widgets.length;
    mounted.rerender(<CheckoutFrame code="LK1" baseUrl={BASE} appearance={{ theme: 'dark', variables: { colorPrimary: '#6b3e26' } }} />);
    expect(widgets.length).toBe(before);
    mounted.rerender(<CheckoutFrame code="LK1" baseUrl={BASE} appearance={{ theme: 'light' }} />);
    expect(widgets.length).toBe(before + 1);
    expect(appearanceOf()).toEqual({ theme: 'light' });
  });

  it('closes on unmount without calling onClose, and mounts once under StrictMode', () => {
    const onClose = vi.fn();
    mounted = mount(
      <StrictMode>
        <CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />
      </StrictMode>,
    );
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    mounted.unmount();
    mounted = undefined;
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("under StrictMode, which opens, closes and opens it again at once, its first open is the page's first: SPEC 2's splash shows", async () => {
    // the loader counts a page visit's opens in its module: a fresh copy is a fresh page visit
    vi.resetModules();
    const fresh = await import('./CheckoutFrame');
    mounted = mount(
      <StrictMode>
        <fresh.CheckoutFrame code="LK1" baseUrl={BASE} />
      </StrictMode>,
    );
    const src = new URL(frameBox()?.querySelector('iframe')?.src ?? 'about:blank');
    expect(src.searchParams.get('code')).toBe('LK1');
    expect(src.searchParams.has('reopen')).toBe(false);
  });

  it('reports a close the payer asked for', () => {
    const onClose = vi.fn();
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />);
    notify({ type: 'close' });
    expect(onClose).toHaveBeenCalledWith({ reason: 'payer' });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('unmounted while a payment answer is on its way: the checkout waits in the body, out of sight, and onResult hears the answer', () => {
    const restore = withMoveBefore();
    try {
      const onResult = vi.fn();
      const onClose = vi.fn();
      mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onResult={onResult} onClose={onClose} />);
      const widget = widgets.at(-1)!;
      notify({ type: 'paying', payment: PAYMENT });
      mounted.unmount();
      mounted = undefined;
      const iframe = document.querySelector('iframe');
      expect(iframe).toBe(widget.iframe);
      expect(iframe?.parentElement).toBe(document.body);
      expect(iframe?.inert).toBe(true);
      expect(iframe?.style.left).toBe('-9999px');
      expect(widget.destroyed).toBe(0);
      const approved = paymentResult('success', 'PP-CHARGED');
      notify({ type: 'result', result: approved }, widget);
      notify({ type: 'answered', trackId: PAYMENT.trackId, lost: false }, widget);
      expect(onResult.mock.calls).toEqual([[approved]]);
      expect(onClose).not.toHaveBeenCalled();
      expect(document.querySelector('iframe')).toBeNull();
    } finally {
      restore();
    }
  });

  it('unmounted mid-payment where the browser cannot move a frame alive: onResult still hears the payment, as unknown', () => {
    vi.useFakeTimers();
    try {
      const onResult = vi.fn();
      mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onResult={onResult} />);
      notify({ type: 'paying', payment: PAYMENT });
      mounted.unmount();
      mounted = undefined;
      vi.advanceTimersByTime(60_000);
      expect(onResult.mock.calls).toEqual([[{ status: 'unknown', method: 'card', lookup: { linkCode: 'LK1', trackId: PAYMENT.trackId } }]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a modal opened beside it replaces it; once that closes, the frame opens again', async () => {
    const onClose = vi.fn();
    mounted = mount(
      <>
        <CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />
        <CheckoutButton code="GIFT" baseUrl={BASE}>
          Pagar
        </CheckoutButton>
      </>,
    );
    click(mounted.host.querySelector('button'));
    expect(onClose).toHaveBeenCalledWith({ reason: 'replaced', replacementClosed: expect.any(Promise) });
    expect(frameBox()?.querySelector('iframe')).toBeNull();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    const modal = lastWidget();
    await settle(() => modal.notify({ type: 'close' }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(frameBox()?.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframeCode(frameBox() ?? document)).toBe('LK1');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('replaced by a modal that another replaces in turn: it opens again when the last one closes', async () => {
    mounted = mount(
      <>
        <CheckoutFrame code="LK1" baseUrl={BASE} />
        <CheckoutButton code="GIFT1" baseUrl={BASE} id="first">Uno</CheckoutButton>
        <CheckoutButton code="GIFT2" baseUrl={BASE} id="second">Dos</CheckoutButton>
      </>,
    );
    click(mounted.host.querySelector('#first'));
    click(mounted.host.querySelector('#second'));
    expect(frameBox()?.querySelector('iframe')).toBeNull();
    expect(iframeCode()).toBe('GIFT2');
    const last = lastWidget();
    await settle(() => last.notify({ type: 'close' }));
    expect(iframeCode(frameBox() ?? document)).toBe('LK1');
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it("replaced by the page's own open() of the loader: once that checkout closes, the frame opens again", async () => {
    const onClose = vi.fn();
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />);
    let modal: CheckoutHandle | undefined;
    await settle(() => (modal = open({ code: 'OWN', baseUrl: BASE })));
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ reason: 'replaced' }));
    expect(frameBox()?.querySelector('iframe')).toBeNull();
    expect(iframeCode()).toBe('OWN');
    await settle(() => modal?.close());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(frameBox()?.querySelectorAll('iframe')).toHaveLength(1);
    expect(iframeCode(frameBox() ?? document)).toBe('LK1');
  });

  it('unmounted while replaced: nothing opens when the one in its place closes', async () => {
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} />);
    let modal: CheckoutHandle | undefined;
    await settle(() => (modal = open({ code: 'OWN', baseUrl: BASE })));
    mounted.unmount();
    mounted = undefined;
    const before = widgets.length;
    await settle(() => modal?.close());
    expect(widgets.length).toBe(before);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });
});
