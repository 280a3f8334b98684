import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentResult } from '@pasarela/checkout/testing';
import { CheckoutButton } from './CheckoutButton';
import { BASE, click, mount, notify, serveBlankIframes } from './testing';
import type { Mounted } from './testing';

vi.mock('@pasarela/checkout', () => import('./testing').then((m) => m.fakeLoaderModule()));

let mounted: Mounted | undefined;
beforeAll(serveBlankIframes);
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const button = () => mounted?.host.querySelector('button') ?? null;
const modalIframe = () => document.querySelector('[role="dialog"] iframe');

describe('<CheckoutButton>', () => {
  it('renders a button that says it opens a dialog, passing button attributes through', () => {
    mounted = mount(
      <CheckoutButton code="LK1" baseUrl={BASE} className="pay" disabled={false} data-testid="pay">
        Pagar
      </CheckoutButton>,
    );
    const element = button();
    expect(element?.textContent).toBe('Pagar');
    expect(element?.getAttribute('type')).toBe('button');
    expect(element?.getAttribute('aria-haspopup')).toBe('dialog');
    expect(element?.className).toBe('pay');
    expect(element?.dataset.testid).toBe('pay');
    // the checkout's props stay off the DOM
    expect(element?.hasAttribute('code')).toBe(false);
    expect(element?.hasAttribute('lang')).toBe(false);
    expect(modalIframe()).toBeNull();
  });

  it('opens the modal checkout with its target and lang when clicked', () => {
    mounted = mount(<CheckoutButton slug="tienda" code="ABC" lang="en" baseUrl={BASE}>Pay</CheckoutButton>);
    click(button());
    const src = new URL((modalIframe() as HTMLIFrameElement | null)?.src ?? 'about:blank');
    expect(src.origin).toBe(BASE);
    expect(src.searchParams.get('type')).toBe('slugCode');
    expect(src.searchParams.get('code')).toBe('tienda/ABC');
    expect(src.searchParams.get('lang')).toBe('en');
  });

  it('opens the checkout with its appearance', () => {
    mounted = mount(<CheckoutButton code="LK1" baseUrl={BASE} appearance={{ theme: 'auto', variables: { borderRadius: '4px', fontFamily: 'inter' } }}>Pay</CheckoutButton>);
    click(button());
    const src = new URL((modalIframe() as HTMLIFrameElement | null)?.src ?? 'about:blank');
    expect(JSON.parse(src.searchParams.get('appearance') ?? '')).toEqual({ theme: 'auto', variables: { borderRadius: '4px', fontFamily: 'inter' } });
  });

  it('calls the callbacks of the latest render, for every result and for the close', () => {
    const first = vi.fn();
    const second = vi.fn();
    const onClose = vi.fn();
    mounted = mount(<CheckoutButton code="LK1" baseUrl={BASE} onResult={first} onClose={onClose} />);
    click(button());
    notify({ type: 'result', result: paymentResult('error') });
    mounted.rerender(<CheckoutButton code="LK1" baseUrl={BASE} onResult={second} onClose={onClose} />);
    notify({ type: 'result', result: paymentResult('success') });
    notify({ type: 'close' });
    expect(first.mock.calls.map(([r]) => r.status)).toEqual(['error']);
    expect(second.mock.calls.map(([r]) => r.status)).toEqual(['success']);
    expect(onClose).toHaveBeenCalledWith({ reason: 'payer' });
    expect(modalIframe()).toBeNull();
  });

  it('runs its own onClick first, which can keep the checkout closed', () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    mounted = mount(<CheckoutButton code="LK1" baseUrl={BASE} onClick={onClick} />);
    click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(modalIframe()).toBeNull();
  });

  it('closes its checkout when it unmounts, without calling onClose', () => {
    const onClose = vi.fn();
    mounted = mount(<CheckoutButton code="LK1" baseUrl={BASE} onClose={onClose} />);
    click(button());
    expect(modalIframe()).not.toBeNull();
    mounted.unmount();
    mounted = undefined;
    expect(modalIframe()).toBeNull();
    expect(document.body.style.overflow).not.toBe('hidden');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets the loader report bad props as its TypeError, opening nothing', () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      errors.push(event.error);
    };
    window.addEventListener('error', onError);
    // @ts-expect-error an unknown language, as plain JavaScript could pass
    mounted = mount(<CheckoutButton code="LK1" baseUrl={BASE} lang="fr" />);
    try {
      click(button());
    } catch (error) {
      errors.push(error);
    }
    window.removeEventListener('error', onError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(TypeError);
    expect(String(errors[0])).toMatch(/lang must be es or en/);
    expect(modalIframe()).toBeNull();
  });
});
