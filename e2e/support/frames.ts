import type { Frame, Page } from 'playwright-core';

/** The checkout's frame on a merchant page, as a Frame (axe runs inside it), wherever it has navigated (a bank's page, a return route). */
export async function checkoutFrameOf(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[src*="/pf/widget"]').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no checkout frame on the page');
  return frame;
}
