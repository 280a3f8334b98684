import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutEvent, CheckoutHandle, CheckoutOptions } from './types';
import { fakeWidget, serveBlankFramePages } from './fakeWidget';
import type { FakeWidget } from './fakeWidget';
import { openCheckout } from './open';

// docs/events.md "close": a checkout a newer open() replaced hears, by `replacementClosed`, when the
// page is free again, whoever opened the one in its place (an inline checkout comes back then).

const BASE = 'https://checkout.example.com';
const PAYMENT = { method: 'card', link: 'LK1', trackId: 'trk-0001-abcd' } as const;
const opened: Array<{ handle: CheckoutHandle; widget: FakeWidget }> = [];

function open(code: string, container?: string): { handle: CheckoutHandle; widget: FakeWidget } {
  const widget = fakeWidget();
  const handle = openCheckout({ code, baseUrl: BASE, container } as CheckoutOptions, widget.connector, undefined);
  opened.push({ handle, widget });
  return { handle, widget };
}

/** The `close` event a handle fires, once it has. */
function closeOf(handle: CheckoutHandle): () => CheckoutEvent['close'] | undefined {
  let heard: CheckoutEvent['close'] | undefined;
  handle.on('close', (event) => (heard = event));
  return () => heard;
}

/** Whether a promise has settled, once what is queued now has run. */
async function settled(promise: Promise<unknown> | undefined): Promise<boolean> {
  let done = false;
  void promise?.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

beforeAll(serveBlankFramePages);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  document.body.innerHTML = '<div id="inline"></div>';
});

afterEach(() => {
  for (const { handle } of opened.splice(0)) handle.close();
  vi.restoreAllMocks();
});

describe('close with reason replaced: replacementClosed', () => {
  it('resolves once the checkout that replaced this one closes, not before', async () => {
    const inline = open('LK1', '#inline');
    const closed = closeOf(inline.handle);
    const modal = open('GIFT');
    const event = closed();
    expect(event?.reason).toBe('replaced');
    expect(await settled(event?.replacementClosed)).toBe(false);
    modal.widget.notify({ type: 'close' });
    expect(await settled(event?.replacementClosed)).toBe(true);
  });

  it('follows a replacement replaced in turn to the last of them', async () => {
    const closed = closeOf(open('LK1', '#inline').handle);
    const first = open('GIFT1');
    const second = open('GIFT2');
    const replacementClosed = closed()?.replacementClosed;
    expect(await settled(replacementClosed)).toBe(false);
    expect(await settled(first.handle.result.catch(() => {}))).toBe(true);
    second.handle.close();
    expect(await settled(replacementClosed)).toBe(true);
  });

  it('other closes carry none', () => {
    const { handle } = open('LK1');
    const closed = closeOf(handle);
    handle.close();
    expect(closed()?.reason).toBe('merchant');
    expect(closed()?.replacementClosed).toBeUndefined();
  });

  it('heard late, by a checkout that waited out of sight for a payment, after the one in its place had closed: already resolved', async () => {
    const inline = open('LK1', '#inline');
    const closed = closeOf(inline.handle);
    inline.widget.notify({ type: 'paying', payment: PAYMENT });
    const modal = open('GIFT');
    modal.handle.close();
    expect(closed()).toBeUndefined();
    inline.widget.notify({ type: 'answered', trackId: PAYMENT.trackId, lost: true });
    expect(closed()?.reason).toBe('replaced');
    expect(await settled(closed()?.replacementClosed)).toBe(true);
  });
});
