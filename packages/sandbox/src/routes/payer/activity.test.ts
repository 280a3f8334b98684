import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { tokenizedCardPayload, tokenizedCardRegistration, createTestApp, newLink, type TestApp } from '../../../test/testApp';

// A wallet user's saved card pays as a typed card would: the link's cardType list, the merchant's
// brands (card_not_valid) and the duplicate rule (possible_duplicated_tx) apply to it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let users = 0;
/** A wallet user with these saved cards; their ids in the same order. */
async function walletWith(cards: string[], balance = 0) {
  const login = `guardada${++users}`;
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', balance });
  const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
  // Added in the wallet as a payer adds them (typed into the vault), so each keeps the vault's fingerprint.
  for (const number of cards) {
    const added = await t.post('/users/me/cards', await tokenizedCardRegistration(number, { trackId: randomUUID() }), auth);
    if (added.data['status'] !== 1) throw new Error(`card ${number.slice(-4)} not added: ${JSON.stringify(added.data)}`);
  }
  const saved = ((await t.get('/users/me/cards?sort=asc', auth)).data['cards'] as Array<{ idRelCard: number }>).map((c) => c.idRelCard);
  const pay = (code: string, idUsrCard = saved[0]) => t.post('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard, trackId: randomUUID() }, auth);
  return { auth, saved, pay, email: `${login}@example.com` };
}

const receiptsTo = (email: string) => t.db.query<{ subject: string; body: string }>("select subject, body from mailbox where to_email = $1 and kind = 'receipt' order by id", [email]);

describe('the receipt of a wallet payment', () => {
  it('a balance payment mails the user one "Comprobante de pago", a retry of its trackId none more', async () => {
    const { auth, email } = await walletWith([], 50);
    const body = { sourceSearch: { paymentCode: await newLink(t) }, useFunds: true, trackId: randomUUID() };
    const paid = await t.post('/activity/pay', body, auth);
    expect(paid).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    expect(await t.post('/activity/pay', body, auth)).toMatchObject({ status: 200, data: { activityResult: { codOper: paid.data['activityResult'] && (paid.data['activityResult'] as { codOper: string }).codOper } } });
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toMatch(/^Comprobante de pago /);
  });

  it('a saved card payment mails the user one receipt, in the language they pay in', async () => {
    const { auth, email, saved } = await walletWith(['4012888888881881']);
    const body = { sourceSearch: { paymentCode: await newLink(t) }, idUsrCard: saved[0], trackId: randomUUID() };
    expect(await t.post('/activity/pay', body, { ...auth, 'accept-language': 'en' })).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    await t.post('/activity/pay', body, { ...auth, 'accept-language': 'en' });
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toMatch(/^Payment receipt /);
    expect(receipts[0]?.body).toContain('1881');
  });

  it('a balance payment refused for want of funds mails nothing', async () => {
    const { auth, email } = await walletWith([], 0);
    expect((await t.post('/activity/pay', { sourceSearch: { paymentCode: await newLink(t) }, useFunds: true, trackId: randomUUID() }, auth)).status).not.toBe(200);
    expect(await receiptsTo(email)).toHaveLength(0);
  });
});

describe('a saved card against the link and the merchant', () => {
  it('a Mastercard-only link refuses a saved VISA (card_not_valid) and takes a saved Mastercard', async () => {
    const { saved, pay } = await walletWith(['4012888888881881', '5105105105105100']);
    const link = await newLink(t, { cardTypes: ['MC'] });
    expect(await pay(link, saved[0])).toMatchObject({ status: 422, data: { code: 'card_not_valid' } });
    expect(await pay(link, saved[1])).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
  });

  it('a link that takes no cards refuses a saved card', async () => {
    const { pay } = await walletWith(['4000056655665556']);
    expect(await pay(await newLink(t, { cardTypes: ['NEQUI'] }))).toMatchObject({ status: 422, data: { code: 'card_not_valid' } });
  });

  it('a merchant whose card service takes only Mastercard refuses a saved VISA', async () => {
    const merchant = await t.admin('POST', '/merchants', { name: 'Solo MC', methods: ['card', 'pfw'], cardTypes: ['MC'] });
    const { pay } = await walletWith(['4000002500003155']);
    const link = await newLink(t, { merchantId: Number(merchant.json['idMerchant']) });
    expect(await pay(link)).toMatchObject({ status: 422, data: { code: 'card_not_valid' } });
  });
});

describe('the payload the widget sends (core buildPayActivityPayload)', () => {
  it('takes idUsrService 0 (no user service), with a saved card and with the balance', async () => {
    const { auth, saved } = await walletWith(['4000000000000077']);
    const payload = async (idUsrCard: number | null, useFunds: boolean) => ({
      sourceSearch: { paymentCode: await newLink(t) }, idUsrCard, idUsrService: 0, useFunds, txChannel: 'PWW', customFieldValues: [], trackId: randomUUID(),
    });
    expect(await t.post('/activity/pay', await payload(saved[0] ?? null, false), auth)).toMatchObject({ status: 200, data: { activityResult: { status: 1 }, method: 'card' } });
    // This user has no balance: the payload passes, the balance does not.
    expect(await t.post('/activity/pay', await payload(null, true), auth)).toMatchObject({ status: 422, data: { code: 'payment_rejected' } });
    expect((await t.post('/activity/pay', { ...(await payload(null, true)), idUsrService: -1 }, auth)).status).toBe(400);
  });

  it('keeps the custom field values it carries with the payment (SPEC 3 "Custom field"), checked as a card payment\u2019s are', async () => {
    const { auth, saved } = await walletWith(['4000000000000077']);
    const code = await newLink(t, { amount: 31, customFields: [{ id: 'pedido', type: 'hidden', value: '0012' }] });
    const body = { sourceSearch: { paymentCode: code }, idUsrCard: saved[0], idUsrService: 0, txChannel: 'PWW', trackId: randomUUID() };
    const paid = await t.post('/activity/pay', { ...body, customFieldValues: [{ id: 'CFpedido', nameOrLabel: '', type: 'hidden', value: '0012' }] }, auth);
    expect(paid).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const [row] = await t.db.query<{ custom_field_values: unknown }>('select custom_field_values from transactions where cod_oper = $1', [String(paid.data['codOper'])]);
    expect(row?.custom_field_values).toEqual([{ id: 'CFpedido', label: 'CFpedido', value: '0012' }]);
    // More than a payment carries (CustomFieldValuesSchema): refused, nothing recorded.
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ id: `CF${i}`, value: i }));
    expect((await t.post('/activity/pay', { ...body, trackId: randomUUID(), customFieldValues: tooMany }, auth)).status).toBe(400);
  });
});

describe('a donation with a saved card (SPEC 3 amountToCampaign, idCampaignBridge, as a typed card carries them)', () => {
  const bridgeId = async () => ((await t.get('/merchants/1/campaign-bridges')).data['bridges'] as Array<{ idBridge: number }>)[0]?.idBridge;

  it('is charged with the payment and read by its donation receipt; the payment receipt counts it', async () => {
    const { auth, saved } = await walletWith(['4000000000000077']);
    const code = await newLink(t, { amount: 15, taxAmount: 0 });
    const paid = await t.post('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard: saved[0], trackId: randomUUID(), amountToCampaign: 5, idCampaignBridge: await bridgeId() }, auth);
    expect(paid).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const codOper = String(paid.data['codOper']);
    expect((await t.get(`/campaigns/transactions/${codOper}`)).data).toMatchObject({ amountToCampaign: 5, currency: 'USD', status: 1 });
    expect((await t.get(`/receipts/${codOper}`, auth)).data).toMatchObject({ totalPay: 20 });
  });

  it('one the campaign refuses, or one named by no campaign of the merchant, records nothing; the balance carries none', async () => {
    const { auth, saved } = await walletWith(['4000000000000077'], 50);
    const code = await newLink(t, { amount: 15 });
    const body = { sourceSearch: { paymentCode: code }, idUsrCard: saved[0], amountToCampaign: 600, idCampaignBridge: await bridgeId() };
    expect(await t.post('/activity/pay', { ...body, trackId: randomUUID() }, auth)).toMatchObject({ status: 422, data: { code: 'amount_exceeds_limit_allowed' } });
    expect((await t.post('/activity/pay', { ...body, trackId: randomUUID(), amountToCampaign: 5, idCampaignBridge: 999_999 }, auth)).status).toBe(400);
    expect(await t.post('/activity/pay', { ...body, trackId: randomUUID(), amountToCampaign: 5, idCampaignBridge: 'campaign' }, auth))
      .toMatchObject({ status: 400, data: { code: 'missing_arguments' } });
    expect(await t.post('/activity/pay', { sourceSearch: { paymentCode: code }, useFunds: true, trackId: randomUUID(), amountToCampaign: 5, idCampaignBridge: await bridgeId() }, auth))
      .toMatchObject({ status: 400, data: { code: 'invalid_arguments' } });
    expect((await t.db.query<{ n: number }>('select count(*)::int as n from transactions where link_code = $1', [code]))[0]).toEqual({ n: 0 });
    expect((await t.get('/users/me/balance', auth)).data).toMatchObject({ balance: [{ currency: 'USD', disponible: 50 }] });
  });
});

describe('the duplicate rule on saved cards', () => {
  it('two identical saved-card payments on one link: the second is possible_duplicated_tx', async () => {
    const { pay } = await walletWith(['4000000760000002']);
    const link = await newLink(t);
    expect((await pay(link)).status).toBe(200);
    expect(await pay(link)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    const rows = await t.db.query<{ n: number }>('select count(*)::int as n from transactions where link_code = $1', [link]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('tryAgain: true (the payer confirmed a second purchase) pays it; another merchant never collides', async () => {
    const { auth, saved, pay } = await walletWith(['4000000320000021']);
    const link = await newLink(t);
    expect((await pay(link)).status).toBe(200);
    expect(await pay(link)).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
    const again = await t.post('/activity/pay', { sourceSearch: { paymentCode: link }, idUsrCard: saved[0], trackId: randomUUID(), tryAgain: true }, auth);
    expect(again).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const merchant = await t.admin('POST', '/merchants', { name: 'Otra tienda', methods: ['card', 'pfw'] });
    expect((await pay(await newLink(t, { merchantId: Number(merchant.json['idMerchant']) }))).status).toBe(200);
    expect((await t.post('/activity/pay', { sourceSearch: { paymentCode: link }, idUsrCard: saved[0], tryAgain: 'yes' }, auth)).status).toBe(400);
  });

  it('a saved card is the same card as when typed: typed, then saved, same amount, is a duplicate', async () => {
    const number = '4000001240000000';
    const { pay } = await walletWith([number]);
    expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t), { cardNumber: number }))).status).toBe(200);
    expect(await pay(await newLink(t))).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });

  it('a card saved before fingerprints were kept still counts as itself', async () => {
    const { saved, pay } = await walletWith(['4000003800000008']);
    await t.db.query('update user_cards set card_fingerprint = null where id = $1', [saved[0]]);
    expect((await pay(await newLink(t))).status).toBe(200);
    expect(await pay(await newLink(t))).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });
});

// SPEC 3 "Search descriptor" carries the amount: a station with no price of its own is paid what the
// payer typed, by balance or saved card as by any other method; a set price is paid as set.
describe('a wallet payment of a station whose amount the payer types', () => {
  it('charges the typed amount to the balance and to a saved card; a priced link refuses another amount', async () => {
    expect((await t.admin('POST', '/stations', { stationId: 'ABIERTA-1', description: 'Caja abierta', amount: 0 })).status).toBe(201);
    const { auth, saved } = await walletWith(['4012888888881881'], 50);
    const byBalance = await t.post('/activity/pay', { sourceSearch: { paymentCode: 'ABIERTA-1', amount: 7.5 }, useFunds: true, trackId: randomUUID() }, auth);
    expect(byBalance, JSON.stringify(byBalance.data)).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    expect(JSON.stringify((await t.get('/users/me/balance', auth)).data)).toContain('"disponible":42.5');
    const byCard = await t.post('/activity/pay', { sourceSearch: { paymentCode: 'ABIERTA-1', amount: 12.25 }, idUsrCard: saved[0], trackId: randomUUID() }, auth);
    expect(byCard, JSON.stringify(byCard.data)).toMatchObject({ status: 200, data: { activityResult: { status: 1 } } });
    const charged = await t.db.query<{ amount_cents: number }>('select amount_cents from transactions where cod_oper = $1', [(byCard.data['activityResult'] as { codOper: string }).codOper]);
    expect(charged[0]?.amount_cents).toBe(1225);
    // Without an amount there is nothing to charge.
    expect((await t.post('/activity/pay', { sourceSearch: { paymentCode: 'ABIERTA-1' }, useFunds: true, trackId: randomUUID() }, auth)).data['code']).toBe('greater_than_zero');
    const priced = await newLink(t);
    expect((await t.post('/activity/pay', { sourceSearch: { paymentCode: priced, amount: 1 }, useFunds: true, trackId: randomUUID() }, auth)).data['code']).toBe('invalid_amount');
  });
});
