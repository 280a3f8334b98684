import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, YAPPY_PAY_WINDOW_MS } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { WaitingPanel } from './WaitingPanel';

describe("WaitingPanel's countdown", () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    // the server's clock read a little behind the deadline's: a 5-minute window still starts at 05:00
    ['a window read 0.4 s long', YAPPY_PAY_WINDOW_MS + 400, YAPPY_PAY_WINDOW_MS, '05:00'],
    ['a window read on time', YAPPY_PAY_WINDOW_MS, YAPPY_PAY_WINDOW_MS, '05:00'],
    ['a wait with no window of its own', YAPPY_PAY_WINDOW_MS + 400, undefined, '05:01'],
    ['later in the window', 61_000, YAPPY_PAY_WINDOW_MS, '01:01'],
  ])('%s', async (_why, left, windowMs, shown) => {
    const now = 1_790_000_000_000;
    const view = await render(<WaitingPanel status="" deadline={now + left} serverNow={() => now} windowMs={windowMs} />);
    unmount = view.unmount;
    expect(view.container.querySelector('[role="timer"]')?.textContent).toContain(shown);
  });

  it('a wait drawn after its window closed claims no request waiting in the app, and expires at once', async () => {
    const now = 1_790_000_000_000;
    let expired = 0;
    const view = await render(<WaitingPanel status="Te enviamos una solicitud de pago" deadline={now - 5_000} serverNow={() => now} onExpire={() => (expired += 1)} />);
    unmount = view.unmount;
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(expired).toBe(1);
  });
});
