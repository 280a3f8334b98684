import { randomUUID } from 'node:crypto';
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
// call that sets a merchant's custom fields, so the merchant's answer is given them on its way in;
// a link's are set through the merchant API, and the merchant reads the payer's answers back.
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

  it('a link\u2019s field set through the merchant API is asked of the payer, and the merchant reads the answer with the payment', async () => {
    const made = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ferretería El Tornillo' }) });
    const { secretKey } = (await made.json()) as { secretKey: string };
    const merchantApi = (path: string, init: RequestInit = {}) => fetch(`${sandbox.url}/api/v1/merchant/${path}`, {
      ...init, headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', ...(init.method === 'POST' ? { 'idempotency-key': randomUUID() } : {}) },
    });
    const created = await merchantApi('payment-links', {
      method: 'POST',
      body: JSON.stringify({
        amount: 18, description: 'Juego de llaves', customFields: [
          { id: 'cedula', type: 'string', nameOrLabel: 'Cédula', required: true },
          { id: 'pedido', type: 'hidden', value: 'F-0042' },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const { code } = (await created.json()) as { code: string };

    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    const group = page.getByRole('group', { name: 'Datos que pide el comercio' });
    // The hidden field is not shown; the asked one is, required (no "(opcional)").
    expect(await group.getByRole('textbox').count()).toBe(1);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await group.getByLabel('Cédula').fill('8-765-4321');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();

    const listed = (await (await merchantApi(`transactions?linkCode=${code}`)).json()) as { data: Array<{ codOper: string; result: string; customFields: unknown }> };
    expect(listed.data.map((t) => [t.result, t.customFields])).toEqual([[
      'APPROVED', [{ id: 'CFcedula', label: 'Cédula', value: '8-765-4321' }, { id: 'CFpedido', label: 'CFpedido', value: 'F-0042' }],
    ]]);
    const verified = (await (await merchantApi(`transactions/${listed.data[0]?.codOper ?? ''}`)).json()) as { customFields: unknown };
    expect(verified.customFields).toEqual(listed.data[0]?.customFields);
  });
});
