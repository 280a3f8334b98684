import { act, StrictMode, useEffect } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutOptions } from '@pasarela/checkout';
import { paymentResult } from '@pasarela/checkout/testing';
import { BASE, click, mount, notify, serveBlankIframes } from './testing';
import type { Mounted } from './testing';
import { useCheckout } from './useCheckout';
import type { UseCheckout } from './useCheckout';

vi.mock('@pasarela/checkout', () => import('./testing').then((m) => m.fakeLoaderModule()));

let mounted: Mounted | undefined;
/** What the hook returned on the latest render. */
let hook: UseCheckout;

function Shop({ options }: { options: CheckoutOptions }) {
  hook = useCheckout();
  return (
    <>
      <button id="pay" onClick={() => hook.open(options)}>
        Pagar
      </button>
      <output>{hook.isOpen ? 'open' : 'closed'}</output>
      <p>{hook.lastResult?.status ?? 'none'}</p>
    </>
  );
}

beforeAll(serveBlankIframes);
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const shown = () => [mounted?.host.querySelector('output')?.textContent, mounted?.host.querySelector('p')?.textContent];

describe('useCheckout()', () => {
  it('opens, exposes the last result of every attempt, and closes', () => {
    const onClose = vi.fn();
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE, onClose }} />);
    expect(shown()).toEqual(['closed', 'none']);
    click(mounted.host.querySelector('#pay'));
    expect(shown()).toEqual(['open', 'none']);
    expect(document.querySelector('[role="dialog"] iframe')).not.toBeNull();
    notify({ type: 'result', result: paymentResult('error') });
    expect(shown()).toEqual(['open', 'error']);
    notify({ type: 'result', result: paymentResult('success', 'OP-2') });
    expect(hook.lastResult).toMatchObject({ notification: { Oper: 'OP-2' } });
    // a render of its own keeps the state
    mounted.rerender(<Shop options={{ code: 'LK1', baseUrl: BASE, onClose }} />);
    expect(shown()).toEqual(['open', 'success']);
    notify({ type: 'close' });
    expect(shown()).toEqual(['closed', 'success']);
    expect(onClose).toHaveBeenCalledWith({ reason: 'payer' });
  });

  it('close() closes its checkout and reports it; opening again starts with no result', () => {
    const onClose = vi.fn();
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE, onClose }} />);
    click(mounted.host.querySelector('#pay'));
    notify({ type: 'result', result: paymentResult('error') });
    act(() => hook.close());
    expect(shown()).toEqual(['closed', 'error']);
    expect(onClose).toHaveBeenCalledWith({ reason: 'merchant' });
    expect(document.querySelector('iframe')).toBeNull();
    click(mounted.host.querySelector('#pay'));
    expect(shown()).toEqual(['open', 'none']);
  });

  it('returns the loader handle, whose result settles as the loader says', async () => {
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE }} />);
    let handle: ReturnType<UseCheckout['open']> | undefined;
    act(() => {
      handle = hook.open({ code: 'LK9', baseUrl: BASE });
    });
    notify({ type: 'result', result: paymentResult('success', 'OP-9') });
    await expect(handle?.result).resolves.toMatchObject({ notification: { Oper: 'OP-9' } });
  });

  it('throws the loader TypeError for bad options and stays closed', () => {
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE }} />);
    // @ts-expect-error two targets
    expect(() => hook.open({ code: 'A', stationId: 'B', baseUrl: BASE })).toThrow(/give only one target/);
    // @ts-expect-error onResult must be a function
    expect(() => hook.open({ code: 'A', baseUrl: BASE, onResult: 'thanks' })).toThrow(/onResult must be a function/);
    expect(shown()).toEqual(['closed', 'none']);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it("opened from an effect under StrictMode, which runs it, cleans it up and runs it again at once: the page's first open, with SPEC 2's splash", async () => {
    // the loader counts a page visit's opens in its module: a fresh copy is a fresh page visit
    vi.resetModules();
    const fresh = await import('./useCheckout');
    function OpensAtOnce() {
      const checkout = fresh.useCheckout();
      useEffect(() => void checkout.open({ code: 'LK1', baseUrl: BASE }), []);
      return null;
    }
    mounted = mount(
      <StrictMode>
        <OpensAtOnce />
      </StrictMode>,
    );
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(new URL(frames[0]?.src ?? 'about:blank').searchParams.has('reopen')).toBe(false);
  });

  it('closes the checkout on unmount without calling its callbacks', () => {
    const onClose = vi.fn();
    const onResult = vi.fn();
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE, onClose, onResult }} />);
    click(mounted.host.querySelector('#pay'));
    mounted.unmount();
    mounted = undefined;
    expect(document.querySelector('iframe')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // messages after the unmount find nobody: the checkout is closed and the callbacks are silent
    notify({ type: 'result', result: paymentResult('success') });
    expect(onResult).not.toHaveBeenCalled();
  });

  it('unmounted while a payment answer is on its way: the checkout waits out of sight and onResult hears the answer, not onClose', () => {
    const onClose = vi.fn();
    const onResult = vi.fn();
    mounted = mount(<Shop options={{ code: 'LK1', baseUrl: BASE, onClose, onResult }} />);
    click(mounted.host.querySelector('#pay'));
    notify({ type: 'paying', payment: { method: 'card', link: 'LK1', trackId: 'trk-0001-abcd' } });
    mounted.unmount();
    mounted = undefined;
    expect(document.querySelector<HTMLElement>('[role="dialog"]')?.inert).toBe(true);
    const approved = paymentResult('success', 'PP-CHARGED');
    notify({ type: 'result', result: approved });
    notify({ type: 'answered', trackId: 'trk-0001-abcd', lost: false });
    expect(onResult.mock.calls).toEqual([[approved]]);
    expect(onClose).not.toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
