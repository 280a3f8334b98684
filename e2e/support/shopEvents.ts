import type { FrameLocator, Page } from 'playwright-core';

/**
 * Opens the checkout of the link `code` in `lang` on a shop page that loaded the loader, as a shop's
 * script does, and records what the page hears from it, in order: `['result', PaymentResult]` and
 * `['close', { reason }]` (read with `shopEventsOf`). Answers the checkout's frame.
 */
export async function openRecordingShopEvents(page: Page, code: string, lang: 'es' | 'en'): Promise<FrameLocator> {
  await page.waitForFunction(() => 'Checkout' in window);
  await page.evaluate(
    ({ code, lang }) => {
      const w = window as unknown as { shopEvents: unknown[]; Checkout: { open(o: unknown): { on(e: string, fn: (p: unknown) => void): void } } };
      w.shopEvents = [];
      const handle = w.Checkout.open({ code, lang });
      handle.on('result', (result) => w.shopEvents.push(['result', result]));
      handle.on('close', (reason) => w.shopEvents.push(['close', reason]));
    },
    { code, lang },
  );
  return page.frameLocator('iframe[src*="/pf/widget"]');
}

/** What the shop page has heard since `openRecordingShopEvents`, typed by the caller. */
export const shopEventsOf = <Event>(page: Page): Promise<Event[]> => page.evaluate(() => (window as unknown as { shopEvents: never[] }).shopEvents);
