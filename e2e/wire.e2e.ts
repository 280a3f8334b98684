import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import type { RunningSandbox } from '../scripts/sandbox-process.mjs';

const CARD = '4242424242424242';

// SPEC 7: bodies are hex of base64 of JSON when encoding is on (the default), plain JSON when the
// sandbox runs with WIRE_ENCODING=off; either way the card number goes to the card endpoint only.
describe.runIf(browserAvailable()).each([
  ['on', {}, /^[0-9a-f]+$/],
  ['off', { WIRE_ENCODING: 'off' }, /^\{.*\}$/s],
] as const)('wire encoding %s, as the widget sends it', (_mode, env, bodyShape) => {
  let sandbox: RunningSandbox;
  let browser: Browser;
  withSandboxAndBrowser({ ...env, SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  it('pays with a Unicode name, every API body has the right shape, and only the card call carries the number', async () => {
    const code = await createLink(sandbox, { amount: 18.25, description: 'Artesanía guna: mola ñandú' });
    const page = await browser.newPage({ locale: 'es-PA' });
    // Bodies read through interception: ky sends a Request whose body the plain request event omits.
    const requests: Array<{ url: string; body: string }> = [];
    await page.route('**/*', async (route) => {
      const r = route.request();
      requests.push({ url: r.url(), body: r.postDataBuffer()?.toString('utf8') ?? '' });
      await route.continue();
    });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await expect.poll(() => page.getByText('Artesanía guna: mola ñandú').first().isVisible()).toBe(true);
    await checkout.fillCard({ number: CARD, name: 'Begoña Muñoz' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);

    const withBody = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/') && r.body !== '');
    expect(withBody.map((r) => new URL(r.url).pathname)).toContain('/api/v1/cards/auth-capture');
    for (const r of withBody) expect(r.body).toMatch(bodyShape);
    const carriesCard = requests.filter((r) => `${r.url} ${r.body}`.includes(CARD) || decoded(r.body).includes(CARD));
    expect(carriesCard.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/cards/auth-capture']);
    await page.close();
  });
});

function decoded(body: string): string {
  if (!/^[0-9a-f]+$/.test(body)) return body;
  return Buffer.from(Buffer.from(body, 'hex').toString('latin1'), 'base64').toString('utf8');
}
