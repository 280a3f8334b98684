import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from '@pasarela/core';
import { DEMO_LINK_CODE, DEMO_LINK_SLUG, DEMO_STATION_ID, DEMO_SUBSCRIPTION_KEY } from '../../db/seed';
import { freshCaptchaToken, tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = async (path: string, body: unknown) => {
  const res = await t.app.request(`/api/v1${path}`, { method: 'PUT', body: encodeBody(body), headers: { 'content-type': 'text/plain', 'x-api-key': 'pk_sandbox_pasarela_guest' } });
  return { status: res.status, data: decodeBody(((await res.json()) as { data: string }).data) as Record<string, unknown> };
};

describe('configuration and lookup', () => {
  it('lists countries sorted by name', async () => {
    const names = ((await t.get('/countries')).data['countries'] as Array<{ name: string }>).map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(names).toContain('Panamá');
  });
  it('answers IP country, system config, captcha and an access token', async () => {
    expect((await t.get('/ip-country')).data).toMatchObject({ countryCode: 'PA' });
    expect((await t.get('/system-config?props=props::GOOGLE')).data).toMatchObject({ props: { captchaSiteKey: 'sandbox-captcha-site-key' } });
    expect((await t.get('/system-config?props=nope')).status).toBe(404);
    expect((await t.post('/captcha/check', { token: 'ok', siteKey: 'k', userAction: 'CHECKOUT' })).data).toEqual({ valid: true, score: 0.9 });
    expect((await t.post('/captcha/check', { token: 'fail', siteKey: 'k', userAction: 'CHECKOUT' })).data).toEqual({ valid: false, score: 0.1 });
    expect(String((await t.post('/access-token', {})).data['accessToken'])).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe('links, stations, merchants, campaigns', () => {
  it('loads the link result by slug and slug/code, and the old process by code', async () => {
    expect((await t.get(`/payment-links/${DEMO_LINK_SLUG}`)).data).toMatchObject({ code: DEMO_LINK_CODE, merchant: { merchantName: 'Tienda Demo Panamá' } });
    expect((await t.get(`/payment-links/${DEMO_LINK_SLUG}/${DEMO_LINK_CODE}`)).status).toBe(200);
    expect((await t.get('/payment-links/nope')).data['code']).toBe('link_not_found');
    expect((await t.get(`/old-process/${DEMO_LINK_CODE}`)).data).toMatchObject({ amount: 25 });
  });
  it('answers a station with its owner, and 3001 for an unknown one', async () => {
    expect((await t.get(`/stations/${DEMO_STATION_ID}`)).data).toMatchObject({ stationId: DEMO_STATION_ID, amount: 15, idUsrOwner: expect.any(Number) });
    expect((await t.get('/stations/NOPE')).data['code']).toBe(3001);
    expect((await t.get(`/qr-process/${DEMO_STATION_ID}`)).data).toMatchObject({ code: 'PS', stationId: DEMO_STATION_ID });
    expect((await t.get(`/qr-process/${DEMO_LINK_CODE}`)).data).toMatchObject({ code: 'E', tx: DEMO_LINK_CODE });
  });
  it('takes a link\'s code in any case for the QR data and the commerce lookup, as the link\'s address spells it', async () => {
    const lower = DEMO_LINK_CODE.toLowerCase();
    expect(lower).not.toBe(DEMO_LINK_CODE);
    expect((await t.get(`/qr-process/${lower}`)).data).toMatchObject({ code: 'E', tx: DEMO_LINK_CODE });
    expect((await t.get(`/commerce?code=${lower}&type=lk`)).data).toMatchObject({ idMerchant: 1 });
    expect((await t.get(`/commerce?code=${lower}`)).data).toMatchObject({ idMerchant: 1 });
  });
  it('answers merchant services by gateway, the commerce user and commerce lookups', async () => {
    expect(((await t.get('/merchants/1/services/PFW')).data['services'] as unknown[]).length).toBe(1);
    expect((await t.get('/merchants/1/services/NOPE')).data['code']).toBe('SERVICE_UNAVAILABLE');
    expect((await t.get('/merchants/1/commerce-user')).data).toMatchObject({ result3: { user: { login: 'dueno.demo' }, merchant: { idMerchant: 1 } } });
    expect((await t.get(`/commerce?code=${DEMO_LINK_SLUG}&type=slug`)).data).toMatchObject({ idMerchant: 1 });
  });
  it('lists campaign bridges and reads the donation of a payment', async () => {
    const bridges = (await t.get('/merchants/1/campaign-bridges')).data['bridges'] as Array<{ idBridge: number; status: number }>;
    expect(bridges[0]).toMatchObject({ status: 1 });
    const body = { ...await tokenizedCardPayload(await newLink(t)), amountToCampaign: 5, idCampaignBridge: bridges[0]?.idBridge };
    const paid = await t.post('/cards/auth-capture', body);
    expect((await t.get(`/campaigns/transactions/${String(paid.data['codOper'])}`)).data).toMatchObject({ amountToCampaign: 5, currency: 'USD' });
    // The payment's receipt says what the card was charged, the donation with it, as the verify call's
    // totalPaid and the refunds count it: a receipt never shows more refunded than paid.
    const receipt = (await t.get(`/receipts/${String(paid.data['codOper'])}`)).data;
    expect(receipt['totalPay']).toBe(body.amount + body.taxAmount + 5);
  });
});

describe('subscriptions', () => {
  it('lists plans, reads the pending subscription, charges it at once and activates it', async () => {
    const plans = (await t.get('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number; period: string }>;
    expect(plans[0]).toMatchObject({ period: 'MO', amount: 19.99 });
    expect((await t.get(`/subscriptions/${DEMO_SUBSCRIPTION_KEY}`)).data).toMatchObject({ status: 0, plan: { name: 'Plan Mensual' } });
    const created = await t.post('/subscriptions', { idPlan: plans[0]?.idPlan, email: 'nuevo@example.com' });
    const key = String(created.data['subscriptionKey']);
    const card = (await tokenizedCardPayload('x')).cardInformation;
    const paid = await t.post(`/subscriptions/${key}/pay`, { cardInformation: card, trackId: crypto.randomUUID() });
    expect(paid.data).toMatchObject({ status: 1, subscriptionKey: key });
    const receipt = await t.get(`/receipts/${String(paid.data['codOper'])}`);
    expect(receipt.data).toMatchObject({ type: 'RECURRENT', totalPay: 19.99 });
    // Active now: no longer offered as a pending subscription.
    expect((await t.get(`/subscriptions/${key}`)).data).toMatchObject({ code: 'request_already_paid' });
    expect((await t.db.query('select status from subscriptions where subscription_key = $1', [key]))[0]).toEqual({ status: 1 });
    const renewal = await t.admin('POST', `/subscriptions/${key}/due`);
    expect(renewal.json).toMatchObject({ charged: { amount: 19.99, status: 1 } });
    // Due again only after a period: reading it now charges nothing more.
    await t.get(`/subscriptions/${key}`);
    const charges = await t.db.query("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and tx_type = 'REC'", [key]);
    expect(charges[0]).toEqual({ n: 2 });
    await t.db.query("update subscriptions set next_charge_at = now() - interval '1 second' where subscription_key = $1", [key]);
    await Promise.all([t.get(`/subscriptions/${key}`), t.get(`/subscriptions/${key}`)]);
    expect((await t.db.query("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1", [key]))[0]).toEqual({ n: 3 });
  });

  // docs/sandbox.md "Mailbox": payment receipts land there "in the payer's language"; a renewal's too
  // (migration 192: the language of the payment that activated the subscription).
  it('records and mails each renewal in the language its payer subscribed in', async () => {
    const plans = (await t.get('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const byLanguage = await Promise.all((['en', 'es'] as const).map(async (lang) => {
      const email = `renueva-${lang}@example.com`;
      const key = String((await t.post('/subscriptions', { idPlan: plans[0]?.idPlan, email })).data['subscriptionKey']);
      const card = (await tokenizedCardPayload('x')).cardInformation;
      expect((await t.post(`/subscriptions/${key}/pay`, { cardInformation: card, trackId: crypto.randomUUID(), lang })).data).toMatchObject({ status: 1 });
      const renewal = await t.admin('POST', `/subscriptions/${key}/due`);
      expect(renewal.json).toMatchObject({ charged: { status: 1 } });
      const [row] = await t.db.query<{ lang: string }>("select lang from transactions where details->>'subscriptionKey' = $1 and (details->>'renewal')::boolean", [key]);
      const subjects = (await t.db.query<{ subject: string }>('select subject from mailbox where to_email = $1 order by id', [email])).map((m) => m.subject);
      return { lang, renewalLang: row?.lang, subjects };
    }));
    expect(byLanguage[0]).toEqual({ lang: 'en', renewalLang: 'en', subjects: [expect.stringMatching(/^Payment receipt/), expect.stringMatching(/^Payment receipt/)] });
    expect(byLanguage[1]).toEqual({ lang: 'es', renewalLang: 'es', subjects: [expect.stringMatching(/^Comprobante de pago/), expect.stringMatching(/^Comprobante de pago/)] });
  });
});

describe('activity and process records', () => {
  it('finds a link by its hex, code:: and wire-encoded search term, and a station by JSON', async () => {
    const hex = Buffer.from(DEMO_LINK_CODE).toString('hex');
    for (const code of [hex, `code::${encodeBody(DEMO_LINK_CODE)}`, DEMO_LINK_CODE]) {
      expect(((await t.get(`/activity/search?code=${encodeURIComponent(code)}`)).data['results'] as unknown[]).length).toBe(1);
    }
    const station = encodeURIComponent(JSON.stringify({ type: 'PAYMENT_STATION', idSearch: DEMO_STATION_ID }));
    expect((await t.get(`/activity/search?code=${station}`)).data).toMatchObject({ results: [{ type: 'PAYMENT_STATION' }], limit: 10, offset: 0 });
  });
  it('says the seeded operator\'s bill in the payer\'s language (the link\'s translations), Spanish by default', async () => {
    const descriptionIn = async (lang: string) =>
      ((await t.get(`/activity/search?code=${encodeURIComponent(`code::${encodeBody('62222222')}`)}&lang=${lang}`)).data['results'] as Array<{ description: string }>)[0]?.description;
    expect(await descriptionIn('en')).toBe('Móvil Demo: bill for line 62222222');
    expect(await descriptionIn('es')).toBe('Móvil Demo: factura de la línea 62222222');
  });
  it('pays a link with the wallet balance, and refuses when the balance is short', async () => {
    await t.admin('POST', '/users', { email: 'saldo@example.com', login: 'saldo', password: 'Segura#2026', balance: 30 });
    const token = (await t.post('/users/login', { login: 'saldo', password: 'Segura#2026' })).data['token'];
    const auth = { authorization: `Bearer ${String(token)}` };
    const code = await newLink(t);
    const paid = await t.post('/activity/pay', { sourceSearch: { paymentCode: code }, useFunds: true }, auth);
    expect(paid.data).toMatchObject({ activityResult: { status: 1 }, method: 'balance' });
    expect(((await t.get('/users/me/balance', auth)).data['balance'] as Array<{ disponible: number }>)[0]?.disponible).toBe(3.25);
    expect((await t.post('/activity/pay', { sourceSearch: { paymentCode: code }, useFunds: true }, auth)).data['code']).toBe('payment_rejected');
    expect(((await t.get('/users/me/movements', auth)).data['movements'] as unknown[]).length).toBe(1);
    expect(((await t.get(`/users/me/payment-codes?code=${code}`, auth)).data['paymentCodes'] as unknown[]).length).toBe(1);
    await t.post('/activity/send', { to: 'amigo@example.com', amount: 10, description: 'Cena' }, auth);
    expect(((await t.get('/activity/pending', auth)).data['activities'] as unknown[]).length).toBe(1);
  });
  it('saves process-tx-info and updates only the values sent with UPDATE_ONLY_VALUES', async () => {
    const created = await t.post('/process-tx-info', { code: 'X', amount: 10, email: 'a@example.com' });
    const id = created.data['id'];
    expect((await put(`/process-tx-info/${String(id)}`, { actionSave: 'UPDATE_ONLY_VALUES', amount: 12 })).data).toMatchObject({ code: 'X', amount: 12, email: 'a@example.com' });
    expect((await put(`/process-tx-info/${String(id)}`, { amount: 13 })).data).not.toHaveProperty('code');
    expect((await put('/process-tx-info/999999', { amount: 1 })).status).toBe(404);
  });

  it('names a saved document by a random handle, so no one reaches another payer\'s by counting', async () => {
    const first = await t.post('/process-tx-info', { email: 'ana@example.com', name: 'Ana' });
    const second = await t.post('/process-tx-info', { email: 'luis@example.com', name: 'Luis', id: 1 });
    for (const id of [first.data['id'], second.data['id']]) expect(String(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(first.data['id']).not.toBe(second.data['id']);
    for (const guess of ['1', '2', '3']) expect((await put(`/process-tx-info/${guess}`, { actionSave: 'UPDATE_ONLY_VALUES', x: 1 })).status).toBe(404);
    // A process-tx-info handle is not a process-QR one.
    expect((await put(`/process-qr-info/${String(first.data['id'])}`, { actionSave: 'UPDATE_ONLY_VALUES', x: 1 })).status).toBe(404);
    expect((await put(`/process-tx-info/${String(first.data['id']).toUpperCase()}`, { actionSave: 'UPDATE_ONLY_VALUES', x: 1 })).data).toMatchObject({ email: 'ana@example.com', x: 1 });
  });
});

describe('stations, domains and receipt ownership', () => {
  it('pays a payment station by its id with a card', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(DEMO_STATION_ID, { amount: 15, taxAmount: 0 }));
    expect(paid.data).toMatchObject({ status: 1 });
    expect((await t.get(`/receipts/${String(paid.data['codOper'])}`)).data).toMatchObject({ totalPay: 15 });
  });
  it('refuses a payment from a domain the merchant does not allow', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Solo Dominio', domainValidation: true, allowedDomains: ['tienda.pa'] });
    const code = await newLink(t, { merchantId: Number(merchant.json['idMerchant']) });
    const body = await tokenizedCardPayload(code);
    body.additionalData.domainRequested = 'https://evil.example/pay';
    expect((await t.post('/cards/auth-capture', body)).data['code']).toBe('commerce_problems');
    // A captcha token counts once, even for a payment refused before it was recorded: the page asks a new one.
    const again = { ...body, additionalData: { ...body.additionalData, domainRequested: 'https://shop.tienda.pa/checkout', captchaToken: freshCaptchaToken() } };
    const second = await t.post('/cards/auth-capture', again);
    expect(second.data['status'], JSON.stringify(second.data)).toBe(1);
  });
  it('shows a wallet user\'s receipt to that user only', async () => {
    await t.admin('POST', '/users', { email: 'dueno@example.com', login: 'dueno', password: 'Segura#2026', balance: 100 });
    await t.admin('POST', '/users', { email: 'otro@example.com', login: 'otro', password: 'Segura#2026' });
    const owner = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'dueno', password: 'Segura#2026' })).data['token'])}` };
    const other = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'otro', password: 'Segura#2026' })).data['token'])}` };
    const paid = await t.post('/activity/pay', { sourceSearch: { paymentCode: await newLink(t) }, useFunds: true }, owner);
    const codOper = String(paid.data['codOper']);
    expect((await t.get(`/receipts/${codOper}`, owner)).status).toBe(200);
    expect((await t.get(`/receipts/${codOper}`, other)).data['code']).toBe('receive_not_found');
    expect((await t.get(`/receipts/${codOper}`)).status).toBe(404);
    expect(((await t.get('/users/me/transactions', other)).data['transactions'] as unknown[]).length).toBe(0);
    // The wallet's history names the shop each payment went to (issue 96).
    const mine = (await t.get('/users/me/transactions', owner)).data['transactions'] as Array<{ codOper: string; merchantName: string | null }>;
    const shop = (await t.db.query<{ name: string; display_name: string | null }>('select m.name, m.display_name from merchants m join transactions x on x.merchant_id = m.id where x.cod_oper = $1', [codOper]))[0];
    expect(mine.find((x) => x.codOper === codOper)?.merchantName).toBe(shop?.display_name ?? shop?.name);
    // A refund of it shows there too, so the history and the balance add up.
    expect((await t.admin('POST', `/transactions/${codOper}/refunds`, { amount: 2 })).status).toBe(201);
    const after = (await t.get('/users/me/transactions', owner)).data['transactions'] as Array<{ codOper: string; refundedAmount: number }>;
    expect(after.find((x) => x.codOper === codOper)?.refundedAmount).toBe(2);
    expect(after.find((x) => x.codOper === codOper)).toMatchObject({ currency: 'USD' });
  });
  it('lists the user\'s services (full: type 134, by name) and notifications', async () => {
    await t.admin('POST', '/users', { email: 'serv@example.com', login: 'serv', password: 'Segura#2026', services: [{ nameOrAlias: 'zeta', number: '1' }, { nameOrAlias: 'Alfa', number: '2', code: 'MOVIL' }, { nameOrAlias: 'Águila', number: '3' }] });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'serv', password: 'Segura#2026' })).data['token'])}` };
    const full = (await t.get('/users/me/services?full=true', auth)).data['services'] as Array<{ nameOrAlias: string; processData: unknown }>;
    // Core's sortUserServices: Spanish order, accents and case aside.
    expect(full.map((s) => s.nameOrAlias)).toEqual(['Águila', 'Alfa', 'zeta']);
    expect(full[1]?.processData).toEqual([{ id: 'NUMBER', value: '2' }]);
    expect(((await t.get('/users/me/services?code=MOVIL', auth)).data['services'] as unknown[]).length).toBe(1);
    expect((await t.get('/users/me/notifications', auth)).data).toEqual({ notifications: [] });
  });
});
