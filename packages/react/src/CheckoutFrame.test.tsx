import { StrictMode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentResult } from '@pasarela/checkout/testing';
import { CheckoutFrame } from './CheckoutFrame';
import { BASE, iframeCode, mount, notify, serveBlankIframes, widgets } from './testing';
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

  it('reports a close the payer asked for', () => {
    const onClose = vi.fn();
    mounted = mount(<CheckoutFrame code="LK1" baseUrl={BASE} onClose={onClose} />);
    notify({ type: 'close' });
    expect(onClose).toHaveBeenCalledWith({ reason: 'payer' });
    expect(document.querySelector('iframe')).toBeNull();
  });
});
