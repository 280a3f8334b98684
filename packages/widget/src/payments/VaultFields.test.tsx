import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, type Language } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { testFrame } from '../testing/testFrame';
import { FIELDS_LATE_MS, VaultFields, scrollClear } from './VaultFields';

// The card vault down or unreachable: its fields page never says it is ready, and the frame shows the
// browser's blank error page. The payer is told, in their language, and can ask for the fields again.
const ADDRESS = { vaultUrl: 'https://vault.test', parentOrigin: 'https://checkout.test', lang: 'es', brands: ['VISA'] } as const;

describe('VaultFields when the card vault does not answer', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  async function setup(lang: Language) {
    await startI18n(lang, catalogs[lang]);
    const { frame, emit } = testFrame();
    const view = await render(<VaultFields frame={frame} address={{ ...ADDRESS, lang }} />);
    const alert = () => view.container.querySelector('[role="alert"]');
    return { ...view, frame, alert, emit: (type: 'ready') => act(() => emit({ type })) };
  }

  it.each(['es', 'en'] as const)('%s: nothing is said while the page is on its way; past the wait, the payer is told and offered to try again', async (lang) => {
    const { alert, unmount } = await setup(lang);
    await act(() => { vi.advanceTimersByTime(FIELDS_LATE_MS - 1); });
    expect(alert()).toBeNull();
    await act(() => { vi.advanceTimersByTime(1); });
    expect(alert()?.textContent).toContain(catalogs[lang].card_fields_unavailable);
    expect(alert()?.querySelector('button')?.textContent).toBe(catalogs[lang].retry_button);
    await unmount();
  });

  it('a page ready in time says nothing, and one ready late takes the notice away', async () => {
    const { alert, emit, unmount } = await setup('es');
    await emit('ready');
    await act(() => { vi.advanceTimersByTime(FIELDS_LATE_MS * 2); });
    expect(alert()).toBeNull();
    await unmount();
    const late = await setup('es');
    await act(() => { vi.advanceTimersByTime(FIELDS_LATE_MS); });
    expect(late.alert()).not.toBeNull();
    await late.emit('ready');
    expect(late.alert()).toBeNull();
    await late.unmount();
  });

  it('"try again" asks the page again, keeps the notice (and the focus on it) till the page is ready, then goes on in the card number', async () => {
    const { alert, emit, frame, container, unmount } = await setup('es');
    await act(() => { vi.advanceTimersByTime(FIELDS_LATE_MS); });
    const iframe = container.querySelector('iframe')!;
    const asked = iframe.src;
    iframe.src = 'about:blank';
    const button = alert()!.querySelector('button')!;
    button.focus();
    vi.mocked(frame.attach).mockClear();
    await act(() => button.click());
    expect(iframe.src).toBe(asked);
    expect(vi.mocked(frame.attach).mock.calls.map(([element]) => element)).toEqual([null, iframe]);
    expect(alert()).not.toBeNull();
    expect(document.activeElement).toBe(button);
    await emit('ready');
    expect(frame.focus).toHaveBeenCalledWith('cardnumber');
    expect(alert()).toBeNull();
    await unmount();
  });

  it('the frame focused before its page was there (a step\'s first field): once ready, the page is asked for its first field, never a field named over the payer\'s', async () => {
    const { emit, frame, container, unmount } = await setup('es');
    const iframe = container.querySelector('iframe')!;
    iframe.focus();
    expect(document.activeElement).toBe(iframe);
    await emit('ready');
    expect(vi.mocked(frame.focus).mock.calls).toEqual([[]]);
    await unmount();
  });

  it('a page ready while the payer is elsewhere on the form: the focus stays where it is', async () => {
    const { emit, frame, container, unmount } = await setup('es');
    const elsewhere = container.appendChild(document.createElement('input'));
    elsewhere.focus();
    await emit('ready');
    expect(frame.focus).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(elsewhere);
    await unmount();
  });
});

// A field focused inside the frame by the keyboard: the browser put it in view as if the checkout had
// no sticky header or Pay. The checkout moves its page just enough to bring it clear of both.
describe('scrollClear: a field focused in the vault\'s frame, clear of the sticky header and Pay', () => {
  const rect = (top: number, bottom: number) => ({ top, bottom, left: 0, right: 0, width: 0, height: bottom - top, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;

  /** The checkout's page: its header's bottom at 57, the frame's top at `frameTop` (6px of padding), Pay's top at 499. */
  function page(frameTop: number, withPay = true) {
    const root = document.createElement('div');
    root.className = 'page--checkout';
    root.innerHTML = '<div class="header"></div><form><iframe class="vault-fields" style="padding: 6px 0"></iframe><button type="submit" class="button--pay">Pay</button></form>';
    document.body.appendChild(root);
    const frame = root.querySelector('iframe')!;
    const pay = root.querySelector('button')!;
    vi.spyOn(root.querySelector('.header')!, 'getBoundingClientRect').mockReturnValue(rect(0, 57));
    vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(rect(frameTop, frameTop + 300));
    vi.spyOn(pay, 'getBoundingClientRect').mockReturnValue(rect(499, 552));
    vi.spyOn(pay, 'getClientRects').mockReturnValue((withPay ? [rect(499, 552)] : []) as unknown as DOMRectList);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    frame.focus();
    return { frame, scrollBy, remove: () => root.remove() };
  }
  afterEach(() => void vi.restoreAllMocks());

  it('brings a field under Pay up, its lines 8px clear of Pay\'s paper ring; one under the header down, its label 8px below it', () => {
    const under = page(300);
    expect(document.activeElement).toBe(under.frame);
    // In the page: 306 + 120 = 426 to 306 + 212 = 518, past Pay's top less its ring (491) by 27.
    scrollClear(under.frame, 120, 212);
    expect(under.scrollBy).toHaveBeenCalledWith(0, 35);
    under.remove();
    const above = page(-100);
    // Its label's top at -94 + 120 = 26, under the header's bottom (57) by 31.
    scrollClear(above.frame, 120, 212);
    expect(above.scrollBy).toHaveBeenCalledWith(0, -39);
    above.remove();
  });

  it('leaves the page still when the field is already in sight, or when the frame no longer has the focus', () => {
    const shown = page(300);
    scrollClear(shown.frame, 0, 92);
    shown.frame.blur();
    scrollClear(shown.frame, 120, 212);
    expect(shown.scrollBy).not.toHaveBeenCalled();
    shown.remove();
  });

  it('with no Pay on screen, the window\'s bottom is the edge', () => {
    const noPay = page(300, false);
    scrollClear(noPay.frame, 120, 212);
    expect(noPay.scrollBy).not.toHaveBeenCalled();
    scrollClear(noPay.frame, 400, 480);
    // 306 + 480 = 786, past the window's bottom (768) by 18.
    expect(noPay.scrollBy).toHaveBeenCalledWith(0, 26);
    noPay.remove();
  });
});
