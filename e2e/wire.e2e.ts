import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import { sentText } from './support/sentBody';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

const CARD = '4242424242424242';

// SPEC 7: bodies are hex of base64 of JSON when encoding is on (the default), plain JSON when the
// sandbox runs with WIRE_ENCODING=off; either way the card number goes to the card vault only, and the card call carries its token.
describe.runIf(browserAvailable()).each([
  ['on', {}, /^[0-9a-f]+$/],
  ['off', { WIRE_ENCODING: 'off' }, /^\{.*\}$/s],
] as const)('wire encoding %s, as the widget sends it', (_mode, env, bodyShape) => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ ...env, SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  it('pays with a Unicode name, every API body has the right shape, and only the card vault receives the number', async () => {
    const code = await createLink(sandbox, { amount: 18.25, description: 'Artesanía guna: mola ñandú' });
    const page = await browser.newPage({ locale: 'es-PA' });
    // Bodies read through interception: ky sends a Request whose body the plain request event omits.
    // A body of 1 KB or more travels gzip-compressed: read here as the server reads it, unpacked.
    const requests: Array<{ url: string; body: string; sentBytes: number; gzip: boolean }> = [];
    await page.route('**/*', async (route) => {
      const r = route.request();
      const { text, sentBytes, gzip } = await sentText(r);
      requests.push({ url: r.url(), body: text, sentBytes, gzip });
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
    // The number (and the CVC) went to the card vault's origin alone, never to the checkout's server.
    const carriesCard = requests.filter((r) => `${r.url} ${r.body}`.includes(CARD) || decoded(r.body).includes(CARD));
    expect(carriesCard.map((r) => new URL(r.url).pathname)).toEqual(['/v1/cards']);
    expect(carriesCard.map((r) => new URL(r.url).origin)).not.toContain(new URL(sandbox.url).origin);

    // SPEC 3 "Card payment payload": every field SPEC lists, with the value a card payment has.
    const card = withBody.find((r) => new URL(r.url).pathname === '/api/v1/cards/auth-capture');
    // The payment's body went compressed, well under its size (40 % encoded, 63 % as JSON): less to upload on a phone.
    expect(card?.gzip).toBe(true);
    expect(card?.sentBytes).toBeLessThan((card?.body.length ?? 0) * 0.7);
    const payload = JSON.parse(decoded(card?.body ?? '{}')) as Record<string, unknown>;
    expect(Object.keys(payload).filter((k) => !CARD_PAYLOAD_FIELDS.includes(k) && k !== 'ip' && k !== 'code')).toEqual([]);
    expect(CARD_PAYLOAD_FIELDS.filter((k) => !(k in payload))).toEqual(OPTIONAL_HERE);
    expect(payload).toMatchObject({
      cclw: expect.any(String), amount: 18.25, taxAmount: 0, email: 'maria.nunez@example.com', phone: '+507 6123-4567', address: 'Panama', city: 'Panama',
      ipCheck: payload['ip'], concept: expect.any(String), description: expect.any(String), txChannel: 'CHK', isOldVersion: true, isForm: false, isCashPayment: false, tryAgain: false, storeCard: false,
      lang: 'es', cashExpirationDate: null, codePay: code, resultType: 'WEB_REDIRECT', serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE',
      pfFingerprintIntegration: 'FINGER_PRINT',
    });
    expect(payload['cardInformation']).toEqual({
      cardNumber: expect.stringMatching(/^tok_[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{40,600}$/), expMonth: '12', expYear: String((new Date().getFullYear() + 2) % 100).padStart(2, '0'), firstName: 'Begoña', lastName: 'Muñoz', cardType: 'VISA',
    });
    expect(payload['additionalData']).toMatchObject({ trackId: expect.any(String), zipCode: '0000', street: 'Panama', scoreCaptcha: expect.any(Number), domainRequested: sandbox.url });
    expect(payload['deviceInformation']).toEqual({ deviceFingerprint: expect.any(String) });
    expect(typeof payload['pfFingerprint']).toBe('string');
    expect(Date.parse(String(payload['processDate']))).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(payload['idService']).toEqual(expect.any(Number));
    expect(payload['customFieldValues']).toEqual([]);
    await page.close();
  });
});

/** SPEC 3 "Card payment payload", field by field ("ipCheck/ip": both are sent). */
const CARD_PAYLOAD_FIELDS = [
  'cclw', 'amount', 'taxAmount', 'email', 'phone', 'address', 'city', 'ipCheck', 'concept', 'description', 'cardInformation', 'additionalData',
  'customFieldValues', 'txChannel', 'amountToCampaign', 'idCampaignBridge', 'isOldVersion', 'isForm', 'isCashPayment', 'tryAgain', 'storeCard', 'lang',
  'processDate', 'cashExpirationDate', 'idService', 'codePay', 'resultType', 'returnUrlString', 'transactionsType', 'serviceCode', 'deviceInformation',
  'pfFingerprint', 'pfFingerprintIntegration',
];
/** Sent only when they exist (SPEC 5 "A campaign amount is sent only when both amount and bridge id exist"; a link without a return address). */
const OPTIONAL_HERE = ['amountToCampaign', 'idCampaignBridge', 'returnUrlString'];

function decoded(body: string): string {
  if (!/^[0-9a-f]+$/.test(body)) return body;
  return Buffer.from(Buffer.from(body, 'hex').toString('latin1'), 'base64').toString('utf8');
}
