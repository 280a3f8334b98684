import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload, freshCaptchaToken } from '../../../test/testApp';

// Issue 93 "Pesos end to end": a Colombian merchant's links, payments, processor calls, books,
// payout and CSV are in pesos (COP, two ISO 4217 minor units: 50.000 COP is 5000000 on the wire).

const setup = useMerchantApi();

async function colombianMerchant(name: string, body: Record<string, unknown> = {}) {
  const res = await setup.t.admin('POST', '/merchants', { name, country: 'CO', ...body });
  expect(res.status).toBe(201);
  return { id: Number(res.json['idMerchant']), key: String(res.json['secretKey']), json: res.json };
}

const linkOf = async (key: string, amount: number) => {
  const link = await setup.api.call('POST', '/payment-links', { key, body: { amount, description: 'Pedido en pesos' } });
  expect(link.status).toBe(201);
  return String(link.json['code']);
};

type Entry = { key: string; request: Record<string, unknown>; state: Record<string, unknown> };
const booked = (port: string, key: string) => setup.t.simulator.books.list<Record<string, unknown>, Record<string, unknown>>(port).find((e: Entry) => e.key === key);

describe('a merchant in Colombia sells in pesos (issue 93)', () => {
  it('is made with currency COP, its pesos limit and only the methods that take pesos; a Panamanian one keeps dollars', async () => {
    const co = await colombianMerchant('Tienda Medellín');
    expect(co.json).toMatchObject({ country: 'CO', currency: 'COP', txLimit: 20_000_000 });
    expect((co.json['paymentMethods'] as Array<{ method: string }>).map((m) => m.method).sort()).toEqual(['card', 'nequi']);
    expect((await setup.t.get(`/merchants/${co.id}`)).data).toMatchObject({ currency: 'COP' });
    expect(((await setup.t.get(`/merchants/${co.id}/payment-methods`)).data['paymentMethods'] as Array<{ method: string }>).map((m) => m.method).sort()).toEqual(['card', 'nequi']);

    const pa = await setup.t.admin('POST', '/merchants', { name: 'Tienda Ciudad de Panamá' });
    expect(pa.json).toMatchObject({ country: 'PA', currency: 'USD', txLimit: 5000 });
    expect((pa.json['paymentMethods'] as Array<{ method: string }>).map((m) => m.method)).toEqual(expect.arrayContaining(['yappy', 'clave', 'nequi', 'card']));

    // Yappy and Clave are Panama's, in dollars: a Colombian merchant asking for them is refused.
    const yappy = await setup.t.admin('POST', '/merchants', { name: 'Tienda Cali', country: 'CO', methods: ['card', 'yappy'] });
    expect(yappy.status).toBe(400);
    expect(JSON.stringify(yappy.json)).toContain('yappy no acepta COP');

    // A limit with centavos: the error names the limit, not an amount the call did not send.
    const centavos = await setup.t.admin('POST', '/merchants', { name: 'Tienda Pasto', country: 'CO', txLimit: 100.5 });
    expect([centavos.status, centavos.json['code']]).toEqual([400, 'invalid_amount']);
    expect(JSON.stringify(centavos.json)).toContain('txLimit debe ser en pesos enteros');

    // The currency follows the country and is not a field of the call: sent, it is refused, as a misspelt field is.
    for (const field of ['currency', 'currncy']) {
      const extra = await setup.t.admin('POST', '/merchants', { name: 'Tienda Neiva', country: 'CO', [field]: 'USD' });
      expect([extra.status, extra.json['code']]).toEqual([400, 'invalid_arguments']);
      expect(JSON.stringify(extra.json)).toContain(`${field} no es un campo que esta llamada acepte`);
    }
    // The country as people write it: "co" is Colombia.
    expect((await setup.t.admin('POST', '/merchants', { name: 'Tienda Ibagué', country: 'co' })).json).toMatchObject({ country: 'CO', currency: 'COP' });
  });

  it('takes whole pesos only: a link with centavos is refused, a peso link is paid at its price', async () => {
    const m = await colombianMerchant('Tienda Cartagena');
    const centavos = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 50_000.5, description: 'Con centavos' } });
    expect(centavos.status).toBe(400);
    expect(JSON.stringify(centavos.json)).toContain('pesos enteros');
    const tax = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 50_000, taxAmount: 0.75, description: 'IVA con centavos' } });
    expect(tax.status).toBe(400);
  });

  it('says an amount past the columns or its limit in pesos alone, as Colombia writes them, on the merchant and checkout APIs', async () => {
    const m = await colombianMerchant('Tienda Tunja');
    for (const [lang, most, limit] of [['es', '$\u00a021.474.836', '$\u00a020.000.000'], ['en', 'COP\u00a021,474,836', 'COP\u00a020,000,000']] as const) {
      const headers = { 'accept-language': lang };
      const big = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25_000_000, description: 'big' }, headers });
      expect([big.status, big.json['code']]).toEqual([400, 'invalid_amount']);
      expect(String(big.json['message'])).toContain(most);
      const over = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 21_474_836, description: 'big' }, headers });
      expect([over.status, over.json['code']]).toEqual([422, 'amount_exceeds_limit_allowed']);
      expect(String(over.json['message'])).toContain(limit);
      expect(`${String(big.json['message'])}${String(over.json['message'])}`).not.toMatch(/dollars|dólares|21474836|20000000/);
    }
    // A payer sending more than the limit on an open link hears the limit in pesos too.
    const code = await linkOf(m.key, 30_000);
    const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 21_474_836, taxAmount: 0 }));
    expect([paid.status, paid.data['code']]).toEqual([422, 'amount_exceeds_limit_allowed']);
    expect(String(paid.data['message'])).toContain('$\u00a020.000.000');
  });

  it('takes a donation in whole pesos only: one with centavos is refused and nothing is recorded or charged', async () => {
    const m = await colombianMerchant('Fundación Manizales');
    const bridge = await setup.t.admin('POST', '/campaigns', { merchantId: m.id, title: 'Becas' });
    const idCampaignBridge = Number(bridge.json['idBridge']);
    const code = await linkOf(m.key, 30_000);
    const pay = async (amountToCampaign: number) => {
      const body = await tokenizedCardPayload(code, { amount: 30_000, taxAmount: 0, trackId: randomUUID() });
      return setup.t.post('/cards/auth-capture', { ...body, amountToCampaign, idCampaignBridge, additionalData: { ...body.additionalData, captchaToken: freshCaptchaToken() } });
    };
    const centavos = await pay(5000.5);
    expect([centavos.status, centavos.data['code']]).toEqual([400, 'invalid_amount']);
    expect(JSON.stringify(centavos.data)).toContain('amountToCampaign');
    expect(await setup.t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
    const whole = await pay(5000);
    expect([whole.status, whole.data['status']]).toEqual([200, 1]);
    expect(await setup.t.db.query('select campaign_cents from transactions where link_code = $1', [code])).toEqual([{ campaign_cents: 500_000 }]);
  });

  it('a link of 50.000 COP paid by card and by Nequi, refunded in part: the processor, the books, the payout and its CSV hold pesos that add up', async () => {
    const m = await colombianMerchant('Tienda Bogotá', { captchaRequired: false });
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 50_000, description: 'Camiseta' } });
    expect(link.json).toMatchObject({ amount: 50_000 });

    // By card: PRODUCT.md's test card approves in pesos.
    const card = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 50_000, taxAmount: 0 }));
    expect(card.status).toBe(200);
    const cardOper = String(card.data['codOper']);
    expect(booked('card', cardOper)?.request).toMatchObject({ amountCents: 5_000_000, currency: 'COP' });

    // By Nequi: the Colombian test phone approves, in pesos.
    const nequiCode = await linkOf(m.key, 50_000);
    const push = await setup.t.post('/nequi/push', { code: nequiCode, phone: '3991111111', email: 'pagador@example.com', trackId: randomUUID(), captchaToken: freshCaptchaToken() });
    expect(push.status).toBe(200);
    const nequiOper = String(push.data['codOper']);
    expect(booked('push', nequiOper)?.request).toMatchObject({ amountCents: 5_000_000, currency: 'COP' });
    await setup.t.answerPhones();
    await expect.poll(async () => (await setup.api.call('GET', `/transactions/${nequiOper}`, { key: m.key })).json['result'], { timeout: 10_000 }).toBe('APPROVED');

    const cardTx = await setup.api.call('GET', `/transactions/${cardOper}`, { key: m.key });
    expect(cardTx.json).toMatchObject({ amount: 50_000, currency: 'COP', totalPaid: 50_000 });

    // Part of each refunded, in pesos at the processor.
    const cardRefund = await setup.api.call('POST', `/transactions/${cardOper}/refunds`, { key: m.key, body: { amount: 20_000 } });
    expect(cardRefund.json['status']).toBe('succeeded');
    expect(booked('card', cardOper)?.state).toMatchObject({ refundedCents: 2_000_000 });
    const nequiRefund = await setup.api.call('POST', `/transactions/${nequiOper}/refunds`, { key: m.key, body: { amount: 10_000 } });
    expect(nequiRefund.json['status']).toBe('succeeded');
    expect(booked('push', nequiOper)?.state).toMatchObject({ refundedCents: 1_000_000 });
    // A refund in centavos is refused: pesos are whole.
    expect((await setup.api.call('POST', `/transactions/${cardOper}/refunds`, { key: m.key, body: { amount: 0.5 } })).status).toBe(400);
    // More than remains: what remains, in whole pesos, said in the answer's one language.
    const over = await setup.api.call('POST', `/transactions/${cardOper}/refunds`, { key: m.key, body: { amount: 40_000 } });
    expect([over.status, over.json['message']]).toEqual([422, 'El reembolso supera lo que queda por reembolsar (quedan 30000 por reembolsar)']);

    // The books: card 2.9 % + 900 COP = 2.350 COP; Nequi 1.5 % = 750 COP; the refunds give back their share in whole pesos.
    type Line = { type: string; amount: number; fee: number; net: number; currency: string; codOper: string | null };
    const lines = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Line[];
    expect(lines.every((l) => l.currency === 'COP' && Number.isInteger(l.fee) && Number.isInteger(l.net))).toBe(true);
    expect(lines.find((l) => l.type === 'payment' && l.codOper === cardOper)).toMatchObject({ amount: 50_000, fee: 2_350, net: 47_650 });
    expect(lines.find((l) => l.type === 'payment' && l.codOper === nequiOper)).toMatchObject({ amount: 50_000, fee: 750, net: 49_250 });
    // 20.000 of 50.000: 940 of the 2.350 fee back; 10.000 of 50.000: 150 of the 750.
    expect(lines.find((l) => l.type === 'refund' && l.codOper === cardOper)).toMatchObject({ amount: -20_000, fee: -940, net: -19_060 });
    expect(lines.find((l) => l.type === 'refund' && l.codOper === nequiOper)).toMatchObject({ amount: -10_000, fee: -150, net: -9_850 });
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toMatchObject({ currency: 'COP' });

    // The payout: in pesos at the bank rail, and its CSV adds up to it.
    const run = await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
    const [made] = run.json['payouts'] as Array<{ id: string; amount: number; currency: string; status: string }>;
    const expected = 47_650 + 49_250 - 19_060 - 9_850;
    expect(made).toMatchObject({ amount: expected, currency: 'COP', status: 'paid' });
    expect(booked('payout', made?.id ?? '')?.request).toMatchObject({ amountCents: expected * 100, currency: 'COP' });
    expect((await setup.api.call('GET', `/payouts/${made?.id}`, { key: m.key })).json).toMatchObject({ amount: expected, currency: 'COP' });

    const csv = await setup.t.app.request(`/api/v1/merchant/balance-transactions?payout=${made?.id}`, { headers: { authorization: `Bearer ${m.key}`, accept: 'text/csv' } });
    const [header, ...rows] = (await csv.text()).trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const cell = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    const cells = rows.map((r) => r.split(','));
    expect(cells.map((c) => cell(c, 'currency'))).toEqual(cells.map(() => 'COP'));
    // Whole pesos, as the JSON lines say them: no centavos written.
    for (const c of cells) for (const name of ['amount', 'fee', 'net']) expect(cell(c, name)).toMatch(/^-?\d+$/);
    const netOf = (c: string[]) => Math.round(Number(cell(c, 'net')) * 100);
    expect(cells.filter((c) => cell(c, 'type') !== 'payout').reduce((sum, c) => sum + netOf(c), 0)).toBe(expected * 100);
    expect(netOf(cells.find((c) => cell(c, 'type') === 'payout') ?? [])).toBe(-expected * 100);
  });

  it('a hold in pesos captured over what it holds says what it holds in whole pesos', async () => {
    const m = await colombianMerchant('Hotel Cartagena', { captchaRequired: false });
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 120_000, description: 'Reserva', captureMethod: 'manual' } });
    const held = await setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(String(link.json['code']), { amount: 120_000, taxAmount: 0 }), transactionsType: 'AUTH' });
    const over = await setup.api.call('POST', `/transactions/${String(held.data['codOper'])}/capture`, { key: m.key, body: { amount: 200_000 } });
    expect([over.status, over.json['code'], over.json['message']]).toEqual([422, 'capture_exceeds_hold', expect.stringContaining('(hay 120000 retenidos)')]);
  });

  it("the sandbox's books show a merchant in pesos the prices its payments are charged: the card's fixed part 900 pesos", async () => {
    const m = await colombianMerchant('Librería Medellín');
    const books = await setup.t.admin('GET', `/merchants/${m.id}/books`);
    expect(books.json['prices']).toMatchObject({ card: { percentBps: 290, fixedCents: 90_000, default: true }, nequi: { percentBps: 150, fixedCents: 0, default: true } });
    expect(books.json['defaults']).toMatchObject({ card: { percentBps: 290, fixedCents: 90_000 } });
    // A fixed part in centavos is refused, naming it; whole pesos are taken.
    const centavos = await setup.t.admin('POST', `/merchants/${m.id}/books`, { prices: { card: { percentBps: 290, fixedCents: 25 } } }, { 'accept-language': 'en' });
    expect([centavos.status, centavos.json['code']]).toEqual([400, 'invalid_amount']);
    expect(String(centavos.json['message'])).toContain('prices.card.fixedCents must be whole pesos');
    // In Spanish too, wholly in Spanish: the detail is the catalogue's.
    const enCentavos = await setup.t.admin('POST', `/merchants/${m.id}/books`, { prices: { card: { percentBps: 290, fixedCents: 25 } } }, { 'accept-language': 'es' });
    expect(String(enCentavos.json['message'])).toMatch(/^Monto inválido \(prices\.card\.fixedCents .*pesos/);
    expect((await setup.t.admin('GET', `/merchants/${m.id}/books`)).json['prices']).toMatchObject({ card: { fixedCents: 90_000, default: true } });
    const pesos = await setup.t.admin('POST', `/merchants/${m.id}/books`, { prices: { card: { percentBps: 290, fixedCents: 80_000 } } });
    expect(pesos.json['prices']).toMatchObject({ card: { fixedCents: 80_000, default: false } });
  });
});
