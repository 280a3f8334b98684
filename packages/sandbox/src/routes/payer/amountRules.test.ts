import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { encodeJsonText, paymentBodies, paymentFixtures, withRawNumber, type PaymentFixtures } from '../../../test/paymentBodies';
import { asCaller } from '../../../test/testApp';

// The issue "Money is never wrong", item 1, each case as it was reproduced: the server refuses what
// is not money (SPEC 5 "Amount limits", SPEC 8 invalid_amount / greater_than_zero /
// amount_exceeds_limit_allowed / amount_lt_min_message) and stores nothing.

let t: TestApp;
let f: PaymentFixtures;
beforeAll(async () => {
  t = await createTestApp();
  f = await paymentFixtures(t);
});
afterAll(() => t.close());

const bodyOf = (path: string, code: string) => {
  const found = paymentBodies(f, code).find((b) => b.path === path);
  if (!found) throw new Error(`no body for ${path}`);
  return found.body;
};

/** POSTs JSON text as the widget does (wire-encoded) and returns status and decoded error. */
async function postRaw(path: string, json: string) {
  const res = await t.app.request(`/api/v1${path}`, { method: 'POST', headers: { ...asCaller(), 'content-type': 'text/plain' }, body: encodeJsonText(json) });
  const envelope = (await res.json()) as { data: string };
  return { status: res.status, data: JSON.parse(Buffer.from(Buffer.from(envelope.data, 'hex').toString('utf8'), 'base64').toString('utf8')) as Record<string, unknown> };
}

const stored = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from transactions'))[0]?.n);

describe('the server refuses what is not money', () => {
  it.each([
    ['"amount": 1e999 on an open-amount station (was approved as $0.00)', '/cards/auth-capture', 'open', 'amount', '1e999', 400, 'invalid_amount', 'amount'],
    ['"taxAmount": 1e999 (was stored as 0)', '/cards/auth-capture', 'open', 'taxAmount', '1e999', 400, 'invalid_amount', 'taxAmount'],
    ['a negative donation (was stored)', '/cards/auth-capture', 'link', 'amountToCampaign', '-5', 400, 'invalid_amount', 'amountToCampaign'],
    ['a $5,000 donation against a $500 campaign maximum (was stored)', '/cards/auth-capture', 'link', 'amountToCampaign', '5000', 422, 'amount_exceeds_limit_allowed', 'amountToCampaign'],
    ['a donation below the campaign minimum', '/cards/auth-capture', 'link', 'amountToCampaign', '0.5', 422, 'amount_lt_min_message', 'amountToCampaign'],
    ['a tax that pushes the total over the merchant limit (was accepted)', '/cards/auth-capture', 'open', 'taxAmount', '4980', 422, 'amount_exceeds_limit_allowed', 'amount'],
    ['a third decimal', '/cards/auth-capture', 'open', 'amount', '10.005', 400, 'invalid_amount', 'amount'],
    ['an amount as text', '/cards/auth-capture', 'open', 'amount', '"25"', 400, 'missing_arguments', 'amount'],
    ['$0 Nequi on an open station (was accepted)', '/nequi/push', 'open', 'amount', '0', 400, 'greater_than_zero', 'amount'],
    ['$0 cash on an open station (was accepted)', '/cash/pay-cash', 'open', 'amount', '0', 400, 'greater_than_zero', 'amount'],
    ['Yappy 1e999', '/yappy/payments', 'open', 'amount', '1e999', 400, 'invalid_amount', 'amount'],
    ['Clave -0', '/clave/payments', 'open', 'amount', '-0', 400, 'greater_than_zero', 'amount'],
    ['crypto 2^53', '/crypto/payments', 'open', 'amountUSD', '9007199254740992', 400, 'invalid_amount', 'amountUSD'],
  ] as const)('%s', async (_name, path, target, field, raw, status, code, named) => {
    const before = await stored();
    const answer = await postRaw(path, withRawNumber(bodyOf(path, target === 'open' ? f.openStation : f.link), field, raw));
    expect(answer).toMatchObject({ status, data: { code } });
    expect(String(answer.data['message'])).toContain(named);
    expect(await stored()).toBe(before);
  });

  it('an open station with no amount at all is greater_than_zero for every method', async () => {
    for (const path of ['/nequi/push', '/yappy/payments', '/cash/pay-cash', '/cash/cash-point', '/clave/payments']) {
      const answer = await postRaw(path, JSON.stringify(bodyOf(path, f.openStation)));
      expect(answer, path).toMatchObject({ status: 400, data: { code: 'greater_than_zero' } });
    }
  });

  it('pays an open station with a sane amount, and a donation within the campaign', async () => {
    expect((await postRaw('/nequi/push', withRawNumber(bodyOf('/nequi/push', f.openStation), 'amount', '12.5'))).status).toBe(200);
    expect((await postRaw('/cards/auth-capture', withRawNumber(bodyOf('/cards/auth-capture', f.link), 'amountToCampaign', '500'))).status).toBe(200);
  });

  it('refuses a link or an e-mail payment whose total no payment could pay (amount plus tax over the limit)', async () => {
    expect(await t.admin('POST', '/links', { amount: 4999, taxAmount: 2, description: 'x' })).toMatchObject({ status: 422, json: { code: 'amount_exceeds_limit_allowed' } });
    expect(await t.admin('POST', '/email-payments', { to: 'a@example.com', amount: 0.001, description: 'x' })).toMatchObject({ status: 400 });
    expect(await t.admin('POST', '/stations', { stationId: 'NEG-1', description: 'x', amount: 5, discount: 10 })).toMatchObject({ status: 400 });
    expect(await t.admin('POST', '/campaigns', { title: 'x', minAmount: 50, maxAmount: 10 })).toMatchObject({ status: 400 });
    expect(await t.admin('POST', '/plans', { name: 'x', amount: 0, period: 'MO' })).toMatchObject({ status: 400 });
    expect(await t.admin('POST', '/plans', { name: 'x', amount: 5000.01, period: 'MO' })).toMatchObject({ status: 422, json: { code: 'amount_exceeds_limit_allowed' } });
    expect(await t.admin('POST', '/stations', { stationId: 'BIG-1', description: 'x', amount: 6000, discount: 999.99 })).toMatchObject({ status: 422, json: { code: 'amount_exceeds_limit_allowed' } });
  });

  it('refuses control and bidi characters in free text with a clear 400', async () => {
    const card = bodyOf('/cards/auth-capture', f.link);
    for (const [field, value] of [['concept', 'Camisa\u0000'], ['description', 'factura\u202Egpj.exe'], ['txChannel', 'P\u0007W'], ['email', 'a\u0085@example.com']] as const) {
      const answer = await postRaw('/cards/auth-capture', JSON.stringify({ ...card, [field]: value }));
      expect(answer, field).toMatchObject({ status: 400, data: { code: 'invalid_characters' } });
      expect(String(answer.data['message'])).toContain(field);
    }
    expect((await postRaw('/cards/auth-capture', JSON.stringify({ ...card, concept: 'x'.repeat(201) }))).data['code']).toBe('text_too_long');
    expect(await t.admin('POST', '/merchants', { name: 'Tienda\u202E' })).toMatchObject({ status: 400, json: { message: expect.stringContaining('(name no puede tener caracteres de control ni bidireccionales)') } });
  });
});
