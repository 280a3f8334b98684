import type { Frame, Locator, Page } from 'playwright-core';

/** The checkout's frame on a merchant page, as a Frame (axe runs inside it), wherever it has navigated (a bank's page, a return route). */
export async function checkoutFrameOf(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe[src*="/pf/widget"]').elementHandle())?.contentFrame();
  if (!frame) throw new Error('no checkout frame on the page');
  return frame;
}

/**
 * Input that makes the checkout's frame go away (the loader removes it: a close), done when the
 * browser has answered it or the frame has gone, whichever comes first: in the whole Chromium,
 * whose cross-site frames run in processes of their own, the answer to input whose frame is removed
 * as it lands now and then never comes (a locator's click, the mouse's or a key press alike).
 */
async function untilFrameGone(page: Page, input: Promise<void>): Promise<void> {
  // Unanswered, it fails only when its page closes.
  input.catch(() => undefined);
  await Promise.race([input, page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached', timeout: 30_000 })]);
}

/**
 * A pointer click on a control of the checkout's frame that closes it, pressed where the control is
 * on the merchant's page once it can take the click (visible, still, not covered), as a payer's
 * pointer does (untilFrameGone).
 */
export async function clickAway(page: Page, control: Locator): Promise<void> {
  await control.click({ trial: true });
  const box = await control.boundingBox();
  if (!box) throw new Error('the control is not on screen');
  await untilFrameGone(page, page.mouse.click(box.x + box.width / 2, box.y + box.height / 2));
}

/** A key that closes the checkout (Escape), pressed wherever the focus is (untilFrameGone). */
export async function pressAway(page: Page, key: string): Promise<void> {
  await untilFrameGone(page, page.keyboard.press(key));
}

/**
 * A click on a control that closes its own page (window.close()): done when the click is answered
 * or the page has closed, whichever comes first; a page closed under the click leaves it unanswered.
 */
export async function clickClosingPage(page: Page, control: Locator): Promise<void> {
  const click = control.click();
  click.catch(() => undefined);
  await Promise.race([click, page.waitForEvent('close', { timeout: 30_000 })]);
}
