import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readEnvelopeData, wrapEnvelope, type Envelope } from '@pasarela/core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { sentBody } from './support/sentBody';

// SPEC 3 "Custom field" on the payment form, sent as customFieldValues. The sandbox has no admin
// call that sets a merchant's custom fields, so the merchant's answer is given them on its way in.
const FIELDS = [
  { id: 1, nameOrLabel: 'Cédula', required: true },
  { id: 2, nameOrLabel: 'Sucursal', type: 'options', options: 'Centro,Costa' },
];

function readData(envelope: Envelope): unknown {
  try {
    return readEnvelopeData(envelope, true);
  } catch {
    return readEnvelopeData(envelope, false);
  }
}

describe.runIf(browserAvailable())('custom fields, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  it('the merchant\u2019s fields show with labels; a required one stops the payment; the values go with the card payment', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    // The merchant's answer comes with the widget page (answered ahead), else from the API: both get the fields.
    await page.route(/\/pf\/widget\?/, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace(/(<script type="application\/json" id="pasarela-primed">)(.*?)(<\/script>)/, (_m, open: string, json: string, close: string) => {
        const answers = JSON.parse(json) as Array<{ key: string; data: Record<string, unknown> }>;
        for (const answer of answers) if (/^merchants\/\d+\?/.test(answer.key)) answer.data = { ...answer.data, customFields: JSON.stringify(FIELDS) };
        return open + JSON.stringify(answers).replace(/</g, '\\u003c') + close;
      });
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response: res, body: html, headers });
    });
    await page.route(/\/api\/v1\/merchants\/\d+(\?.*)?$/, async (route) => {
      const res = await route.fetch();
      const envelope = (await res.json()) as Envelope;
      const encoded = typeof envelope.data === 'string';
      const merchant = { ...(readData(envelope) as Record<string, unknown>), customFields: JSON.stringify(FIELDS) };
      await route.fulfill({ response: res, json: wrapEnvelope(200, 'OK', merchant, encoded) });
    });
    const sent: unknown[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/cards/auth-capture')) void sentBody(req).then((body) => sent.push(body));
    });
    await page.goto(`${sandbox.url}/pf/widget?type=ps&code=EST-001`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    const group = page.getByRole('group', { name: 'Datos que pide el comercio' });
    expect(await group.getByLabel('Cédula').isVisible()).toBe(true);
    expect(await group.getByLabel('Sucursal (opcional)').isVisible()).toBe(true);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => page.locator('#field-custom-CF1-error').textContent(), { timeout: 10_000 }).toBe('Campo requerido');
    expect(sent).toEqual([]);
    expect(await page.getByRole('alert').first().textContent()).toContain('Completa los datos que pide el comercio');
    // The focus is on the first required field left empty; the card's details stay as typed.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('field-custom-CF1');
    expect(await checkout.field('cvc').inputValue()).toBe('123');
    await group.getByLabel('Cédula').fill('8-123-456');
    await group.getByLabel('Sucursal (opcional)').selectOption('Costa');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/custom-fields-360.png', fullPage: true });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(sent).toHaveLength(1);
    expect((sent[0] as { customFieldValues: unknown[] }).customFieldValues).toEqual([
      { id: 'CF1', nameOrLabel: 'Cédula', type: 'string', value: '8-123-456' },
      { id: 'CF2', nameOrLabel: 'Sucursal', type: 'options', value: 'Costa' },
    ]);
    await context.close();
  });
});
