import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, type Language } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { testFrame } from '../testing/testFrame';
import { FIELDS_LATE_MS, VaultFields } from './VaultFields';

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
});
