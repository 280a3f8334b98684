import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin: merchants, stations, plans, campaigns', () => {
  it('creates a card-only merchant without guest payments, and its rules apply', async () => {
    const res = await t.admin('POST', '/merchants', { name: 'Farmacia Prueba', txLimit: 100, hasPaymentGuest: false, methods: ['card'], cardTypes: ['VISA'] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ merchantName: 'Farmacia Prueba', txLimit: 100, hasPaymentGuest: false });
    const merchantId = Number(res.json['idMerchant']);
    const code = await newLink(t, { merchantId, amount: 20 });
    expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 20 }))).data['code']).toBe('please_contact_merchant');
    const open = await t.admin('POST', '/merchants', { name: 'Solo Tarjeta', methods: ['card'] });
    const openCode = await newLink(t, { merchantId: Number(open.json['idMerchant']) });
    expect((await t.post('/nequi/push', { code: openCode, phone: '61111111' })).data['code']).toBe('service_unavailable');
    expect((await t.get(`/merchants/${merchantId}/commerce-user`)).data).toMatchObject({ result3: { user: { login: `owner.${merchantId}` } } });
    const methods = (await t.get(`/merchants/${merchantId}/payment-methods`)).data['paymentMethods'];
    expect(methods).toEqual([expect.objectContaining({ method: 'card', validations: [{ cardCode: 'VISA' }] })]);
  });
  it('creates a station, a plan and a campaign', async () => {
    expect((await t.admin('POST', '/stations', { stationId: 'CAJA-9', description: 'Caja 9', amount: 7 })).status).toBe(201);
    expect((await t.get('/stations/CAJA-9')).data).toMatchObject({ amount: 7 });
    expect((await t.admin('POST', '/stations', { stationId: 'CAJA-9', description: 'x' })).json['code']).toBe('station_taken');
    expect((await t.admin('POST', '/plans', { name: 'Semanal', amount: 3.5, period: 'WE' })).json).toMatchObject({ period: 'WE', amount: 3.5 });
    expect((await t.admin('POST', '/plans', { name: 'X', amount: 3.5, period: 'XX' })).status).toBe(400);
    const campaign = await t.admin('POST', '/campaigns', { title: 'Becas', endDate: null });
    expect(campaign.json).toMatchObject({ status: 1, campaign: { title: 'Becas' } });
    // The seeded merchant's campaign came first: payers are offered that one, and the answer says so.
    const offered = ((await t.get('/merchants/1/campaign-bridges')).data['bridges'] as Array<{ idBridge: number }>)[0]?.idBridge;
    expect(offered).toBeDefined();
    expect(offered).not.toBe(campaign.json['idBridge']);
    expect(campaign.json['offeredBridgeId']).toBe(offered);
    // A merchant's only campaign is the one offered; one switched off is not, and none is then.
    const merchantId = Number((await t.admin('POST', '/merchants', { name: 'Fundación Nueva' })).json['idMerchant']);
    const first = await t.admin('POST', '/campaigns', { merchantId, title: 'Árboles', status: 0 });
    expect(first.json['offeredBridgeId']).toBeNull();
    const second = await t.admin('POST', '/campaigns', { merchantId, title: 'Ríos' });
    expect(second.json['offeredBridgeId']).toBe(second.json['idBridge']);
  });
  it("makes a peso merchant's campaign in pesos, and refuses suggestions a payer could not give, keeping no campaign", async () => {
    const merchantId = Number((await t.admin('POST', '/merchants', { name: 'Fundación Bogotá', country: 'CO' })).json['idMerchant']);
    const made = await t.admin('POST', '/campaigns', { merchantId, title: 'Becas' });
    expect(made.json).toMatchObject({ campaign: { minAmount: 1000, maxAmount: 4_000_000, defaultValues: [5000, 20_000, 50_000] } });
    // A dollar merchant's defaults stay as they were.
    expect((await t.admin('POST', '/campaigns', { title: 'Becas en dólares' })).json).toMatchObject({ campaign: { minAmount: 1, maxAmount: 1000, defaultValues: [1, 5, 10] } });
    const campaigns = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from campaigns'))[0]?.n;
    const before = await campaigns();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ merchantId, defaultValues: [2000, 5000000] }, 'invalid_arguments', 'defaultValues[] must be from 1000 to 4000000'],
      [{ merchantId, minAmount: 2000, maxAmount: 10_000, defaultValues: [1000] }, 'invalid_arguments', 'defaultValues[] must be from 2000 to 10000'],
      [{ merchantId, defaultValues: [5000.5] }, 'invalid_amount', 'defaultValues[] must be whole pesos: COP has no centavos'],
      [{ merchantId, minAmount: 1000.25 }, 'invalid_amount', 'minAmount must be whole pesos: COP has no centavos'],
      [{ merchantId, minAmount: 20_000, maxAmount: 10_000, defaultValues: [] }, 'invalid_arguments', 'minAmount must not exceed maxAmount'],
      [{ defaultValues: [2, 5000] }, 'invalid_arguments', 'defaultValues[] must be from 1 to 1000'],
    ];
    for (const [body, code, detail] of cases) {
      const res = await t.admin('POST', '/campaigns', { title: 'Becas', ...body }, { 'accept-language': 'en' });
      expect([res.status, res.json['code'], res.json['message']], JSON.stringify(body)).toEqual([400, code, expect.stringContaining(detail)]);
    }
    // In Spanish, the default, the refusal names the field too.
    const es = await t.admin('POST', '/campaigns', { merchantId, title: 'Becas', defaultValues: [5_000_000] });
    expect(es.json['message']).toContain('defaultValues[]');
    expect(await campaigns()).toBe(before);
  });
  it("takes a campaign's title and text per language: each payer reads theirs, else the default", async () => {
    const created = await t.admin('POST', '/campaigns', {
      title: 'Becas 2027', description: 'Útiles para la escuela',
      titles: { es: '', en: ' Scholarships 2027 ' }, descriptions: { en: 'School supplies\nfor a year' },
    });
    expect(created.status).toBe(201);
    const campaignIn = async (lang: string) => ((await t.get(`/merchants/1/campaign-bridges?lang=${lang}`)).data['bridges'] as Array<{ idBridge: number; campaign: object }>)
      .find((bridge) => bridge.idBridge === created.json['idBridge'])?.campaign;
    expect(await campaignIn('en')).toMatchObject({ title: 'Scholarships 2027', description: 'School supplies\nfor a year' });
    expect(await campaignIn('es')).toMatchObject({ title: 'Becas 2027', description: 'Útiles para la escuela' });
  });
  it('refuses a title or text per language that is not one, naming it, and keeps no campaign', async () => {
    const campaigns = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from campaigns'))[0]?.n;
    const before = await campaigns();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ titles: { fr: 'Bourses' } }, 'titles must map es or en to a title'],
      [{ descriptions: { de: 'Stipendien' } }, 'descriptions must map es or en to a description'],
      [{ titles: 'Scholarships' }, 'titles must map es or en to a title'],
      [{ titles: null }, 'titles must map es or en to a title'],
      [{ titles: { en: 'x'.repeat(121) } }, 'titles.en is longer than 120 characters'],
      [{ descriptions: { es: 'x'.repeat(501) } }, 'descriptions.es is longer than 500 characters'],
      [{ titles: { en: 7 } }, 'titles.en must be a string'],
      [{ descriptions: { en: ['School supplies'] } }, 'descriptions.en must be a string'],
      [{ titles: { en: 'Scholar\u0007ships' } }, 'titles.en must not hold control or bidi characters'],
      [{ titles: { en: 'Scholar\nships' } }, 'titles.en must not hold control or bidi characters'],
      [{ descriptions: { en: 'School \u202Esupplies' } }, 'descriptions.en must not hold control or bidi characters'],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin('POST', '/campaigns', { title: 'Becas', ...body }, { 'accept-language': 'en' });
      expect([res.status, res.json['message']], JSON.stringify(body)).toEqual([400, `A value sent is not valid (${message})`]);
    }
    expect(await campaigns()).toBe(before);
  });
  it('answers bad input with 400 naming the field', async () => {
    const res = await t.admin('POST', '/merchants', { name: 'X', methods: ['cheque'] }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toContain('methods');
  });
  // PRODUCT "Bad input gets 400 { code, message } naming the field": in Spanish too (it was "Un valor enviado no es válido" alone).
  it.each([
    ['/plans', { name: 'Mensual', amount: 5, period: 'XX' }, 'period debe ser uno de: BA, BM, BW, AN, MO, WE, DA, HA, OS, EF, TE, QU'],
    ['/campaigns', { title: 'Árboles', startDate: 'mañana' }, 'startDate debe ser una fecha y hora RFC 3339'],
    ['/campaigns', { title: 'Árboles', endDate: '2026-12-01' }, 'endDate debe ser una fecha y hora RFC 3339'],
  ] as const)('answers %s bad input naming the field in Spanish', async (path, body, said) => {
    const res = await t.admin('POST', path, body, { 'accept-language': 'es' });
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toContain(said);
  });
  // A misspelt field is refused naming it, never dropped: "ammount" would otherwise make a station open to any amount.
  it('refuses a field a station, a plan, a campaign or a subscription does not take, naming it, and makes none', async () => {
    const plan = await t.admin('POST', '/plans', { name: 'Mensual', amount: 5, period: 'MO' });
    const refused = [
      await t.admin('POST', '/stations', { stationId: 'CAJA-TYPO', description: 'Caja', ammount: 7 }),
      await t.admin('POST', '/plans', { name: 'Anual', amount: 50, period: 'AN', chargenow: false }),
      await t.admin('POST', '/campaigns', { title: 'Typo', maxAmmount: 5 }),
      await t.admin('POST', '/subscriptions', { planId: plan.json['idPlan'], emial: 'payer@example.com' }),
    ];
    expect(refused.map((res) => [res.status, res.json['code']])).toEqual(Array(4).fill([400, 'invalid_arguments']));
    expect(refused.map((res) => String(res.json['message']))).toEqual([
      expect.stringContaining('ammount'), expect.stringContaining('chargenow'), expect.stringContaining('maxAmmount'), expect.stringContaining('emial'),
    ]);
    expect((await t.get('/stations/CAJA-TYPO')).status).toBe(404);
    expect((await t.db.query("select 1 from campaigns where title = 'Typo'")).length).toBe(0);
  });
});

// docs/api.md "Amount rules": past what the columns hold is 400 invalid_amount, the most said in the
// merchant's currency alone (core amountSizeRefusal), as links and the merchant API's refunds say it.
describe("a plan's, a campaign's or a station's amount past the columns, said in the merchant's currency", () => {
  const NBSP = '\u00a0';
  it('tells a Colombian merchant of pesos only and a Panamanian one of dollars only', async () => {
    const co = await t.admin('POST', '/merchants', { name: 'Planes Bogotá', country: 'CO' });
    const pa = await t.admin('POST', '/merchants', { name: 'Planes Colón' });
    const key = (made: typeof co) => `Bearer ${String(made.json['secretKey'])}`;
    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['/plans', { name: 'Grande', amount: 25_000_000, period: 'MO' }, 'amount'],
      ['/campaigns', { title: 'Grande', maxAmount: 25_000_000 }, 'maxAmount'],
      ['/campaigns', { title: 'Grande', minAmount: 1e308 }, 'minAmount'],
      ['/campaigns', { title: 'Grande', defaultValues: [25_000_000] }, 'defaultValues[]'],
      ['/stations', { stationId: 'GRANDE-1', description: 'Grande', amount: 25_000_000 }, 'amount'],
    ];
    for (const [path, body, field] of calls) {
      for (const [made, lang, words] of [
        [co, 'es', `${field} no puede superar $${NBSP}21.474.836`],
        [co, 'en', `${field} must not exceed COP${NBSP}21,474,836`],
        [pa, 'es', `${field} no puede superar $21,474,836.47`],
        [pa, 'en', `${field} must not exceed $21,474,836.47`],
      ] as const) {
        const res = await t.admin('POST', path, body, { authorization: key(made), 'accept-language': lang });
        expect([res.status, res.json['code']], `${path} ${field} ${lang}`).toEqual([400, 'invalid_amount']);
        expect(String(res.json['message'])).toContain(words);
        expect(String(res.json['message'])).not.toMatch(made === co ? /dólares|dollars|21474836/ : /pesos|COP/);
      }
    }
  });
  // docs/merchant-api.md "Errors": the detail names the field as sent; a plan or a station has no taxAmount.
  it("refuses a plan or a station over the merchant's limit naming its amount alone, in both languages", async () => {
    const pa = await t.admin('POST', '/merchants', { name: 'Planes Límite' });
    const auth = { authorization: `Bearer ${String(pa.json['secretKey'])}` };
    for (const [path, body] of [['/plans', { name: 'Caro', amount: 6000, period: 'MO' }], ['/stations', { stationId: 'CARO-1', description: 'Caro', amount: 6000 }]] as const) {
      const en = await t.admin('POST', path, body, { ...auth, 'accept-language': 'en' });
      expect([en.status, en.json['code']], path).toEqual([422, 'amount_exceeds_limit_allowed']);
      expect(String(en.json['message']), path).toContain("(amount exceeds the merchant's limit of $5,000.00)");
      const es = await t.admin('POST', path, body, { ...auth, 'accept-language': 'es' });
      expect(String(es.json['message']), path).toContain('(amount supera el límite del comercio, $5,000.00)');
      expect(`${String(en.json['message'])} ${String(es.json['message'])}`).not.toContain('taxAmount');
    }
  });
  it("says a new merchant's txLimit past the columns in the currency of its country", async () => {
    const res = await t.admin('POST', '/merchants', { name: 'Límite Grande', country: 'CO', txLimit: 25_000_000 }, { 'accept-language': 'en' });
    expect([res.status, res.json['code']]).toEqual([400, 'invalid_amount']);
    expect(String(res.json['message'])).toContain(`txLimit must not exceed COP${NBSP}21,474,836`);
    expect(String(res.json['message'])).not.toMatch(/dollars/);
  });
});
