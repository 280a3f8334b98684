import type { Frame, Locator, Page } from 'playwright-core';

/** The checkout's frame on a merchant page, as a Frame (axe runs inside it), wherever it has navigated (a bank's page, a return route). */
export async function checkoutFrameOf(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[src*="/pf/widget"]').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no checkout frame on the page');
  return frame;
}

/**
 * A pointer click on a control of the checkout's frame that makes the frame go away (the loader
 * removes it: a close), pressed where the control is on the merchant's page once it can take the
 * click (visible, still, not covered), as a payer's pointer does. Done when the click is answered
 * or the frame has gone, whichever comes first: in the whole Chromium, whose cross-site frames run in
 * processes of their own, the answer to a click whose frame is removed as it lands now and then
 * never comes (a locator's click, the mouse's or a key press alike).
 */
export async function clickAway(page: Page, control: Locator): Promise<void> {
  await control.click({ trial: true });
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  const clicked = page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  // Unanswered, it fails only when its page closes.
  clicked.catch(() => undefined);
  await Promise.race([clicked, page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached', timeout: 30_000 })]);
}
