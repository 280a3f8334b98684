import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tokenizedCardPayload } from '../../../test/testApp';
import { useMerchantApi, type TestMerchant } from '../../../test/merchantApiSetup';
import { TO_RECEIVER, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { reconcileHolds } from '../../payments/reconcileHolds';
import { Pasarela, PasarelaError } from '@pasarela/node';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';

// Issue 89 item 2: "Holds are the merchant's choice, never the payer's". A manual-capture link's card
// payment is approved for the payer and only held; the merchant captures (in part, once) or voids
// it; the reconciler releases one left past its deadline; only captured money reaches the books.

const setup = useMerchantApi({ webhooks: true });

type Merchant = TestMerchant;
const newMerchant = (): Promise<Merchant> => setup.newMerchant('Retenciones S.A.');

async function newLink(m: Merchant, captureMethod?: 'manual' | 'automatic'): Promise<string> {
  const res = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 40, description: 'Alquiler', ...(captureMethod ? { captureMethod } : {}) } });
  expect(res.status).toBe(201);
  expect(res.json['captureMethod']).toBe(captureMethod ?? 'automatic');
  return String(res.json['code']);
}

async function payManual(m: Merchant): Promise<string> {
  const paid = await setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(await newLink(m, 'manual'), { amount: 40, taxAmount: 0 }), transactionsType: 'AUTH' });
  expect(paid.status).toBe(200);
  expect(paid.data['status']).toBe(1);
  return String(paid.data['codOper']);
}

const capture = (m: Merchant, codOper: string, body?: Record<string, unknown>, idempotencyKey?: string) =>
  setup.api.call('POST', `/transactions/${codOper}/capture`, { key: m.key, ...(body ? { body } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });
const verify = async (m: Merchant, codOper: string) => (await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
const bookOf = (codOper: string) => setup.t.simulator.books.find<unknown, Record<string, unknown>>(codOper)?.state ?? {};
const linesOf = async (m: Merchant) => (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Array<{ type: string; amount: number; codOper: string | null }>;
const balanceOf = async (m: Merchant) => (await setup.api.call('GET', '/balance', { key: m.key })).json;

async function eventsFor(codOper: string) {
  while ((await deliverDueWebhooks(setup.t.db, TO_RECEIVER)) > 0);
  return setup.receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }).filter((e) => e.data['codOper'] === codOper);
}

describe('a manual-capture link: held for the payer, captured by the merchant', () => {
  it('approves the payer while only holding the money: captured false, capturableAmount and captureBefore, nothing in the books', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const tx = await verify(m, codOper);
    expect(tx).toMatchObject({ result: 'APPROVED', captureMethod: 'manual', captured: false, capturableAmount: 40, refundableAmount: 0 });
    const before = Date.parse(String(tx['captureBefore']));
    expect(before - Date.now()).toBeGreaterThan(5 * 86_400_000);
    expect(before - Date.now()).toBeLessThan(7 * 86_400_000);
    expect(bookOf(codOper)).toMatchObject({ status: 'approved' });
    expect(bookOf(codOper)['capturedCents']).toBeUndefined();
    expect(await linesOf(m)).toEqual([]);
    expect(await balanceOf(m)).toEqual({ currency: 'USD', available: 0, pending: 0 });
    // Nothing captured, nothing to refund.
    const refund = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, headers: { 'accept-language': 'en' } });
    expect([refund.status, refund.json['code'], refund.json['message']]).toEqual([409, 'transaction_not_refundable', expect.stringContaining('capture or void it')]);
  });

  it('captures a part once: the processor takes that part, the books show only it, the rest is released, transaction.captured follows', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const over = await capture(m, codOper, { amount: 40.01 });
    expect([over.status, over.json['code']]).toEqual([422, 'capture_exceeds_hold']);
    // The hold's amount, said in the answer's one language.
    expect(over.json['message']).toBe('La captura es mayor que lo retenido (hay 40.00 retenidos)');
    const done = await capture(m, codOper, { amount: 25 });
    expect(done.status).toBe(200);
    // What the payer paid is what was taken, not the 40 held.
    expect(done.json).toMatchObject({ captured: true, capturableAmount: 0, captureBefore: null, refundableAmount: 25, totalPaid: 25, result: 'APPROVED' });
    expect(bookOf(codOper)['capturedCents']).toBe(2500);
    const lines = await linesOf(m);
    expect(lines.map((l) => [l.type, l.amount, l.codOper])).toEqual([['payment', 25, codOper]]);
    expect((await balanceOf(m))['pending']).toBeLessThan(25);
    // "Once": a second capture is refused, whatever its amount.
    const again = await capture(m, codOper, { amount: 10 });
    expect([again.status, again.json['code']]).toEqual([409, 'transaction_already_captured']);
    // Captured is done: giving money back is a refund, not another capture.
    expect(again.json['message']).toBe('El pago ya fue capturado: para devolver dinero al pagador, reembólselo');
    expect(bookOf(codOper)['capturedCents']).toBe(2500);
    // Refunds start from what was captured.
    const refundOver = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 25.01 } });
    expect(refundOver.json['code']).toBe('refund_exceeds_remaining');
    const events = await eventsFor(codOper);
    expect(events.map((e) => e.type)).toEqual(['transaction.approved', 'transaction.captured']);
    expect(events[0]?.data).toMatchObject({ captured: false, capturableAmount: 40, totalPaid: 40 });
    expect(events[1]?.data).toMatchObject({ captured: true, capturableAmount: 0, refundableAmount: 25, totalPaid: 25 });
    for (const event of events) setup.api.checkWebhookEvent(event);
  });

  // SPEC 4 "Card: ... 2 captured, 3 refunded": the payer's receipt says what the merchant did after the approval.
  it('the payer\'s receipt: captured proof for what a hold took, then refund proof once all of it came back', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    expect((await setup.t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 1, totalPay: 40 });
    expect((await capture(m, codOper, { amount: 25 })).status).toBe(200);
    expect((await setup.t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 2, type: 'AUTH', totalPay: 25 });
    const refunded = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: {} });
    expect(refunded.status).toBe(201);
    expect((await setup.t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 3, totalPay: 25 });
  });

  // docs/sandbox.md "Books and payouts": a price applies to payments made from then on; a hold captured
  // after a price change keeps the price of when the payer paid.
  it('a hold is captured at the price of when the payer paid, not at a price set since', async () => {
    const m = await newMerchant();
    const before = await payManual(m);
    const priced = await setup.t.admin('POST', `/merchants/${m.id}/books`, { prices: { card: { percentBps: 500, fixedCents: 100 } } });
    expect(priced.status).toBe(200);
    const after = await payManual(m);
    expect((await capture(m, before)).status).toBe(200);
    expect((await capture(m, after)).status).toBe(200);
    const lines = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Array<{ codOper: string; amount: number; fee: number }>;
    // The sandbox's card price (2.90 % + 0.30) for the first, the new one (5 % + 1.00) for the second.
    expect(lines.find((l) => l.codOper === before)).toMatchObject({ amount: 40, fee: 1.46 });
    expect(lines.find((l) => l.codOper === after)).toMatchObject({ amount: 40, fee: 3 });
  });

  it('"nothing uncaptured reaches the balance or a payout": a payout run pays the captured part only', async () => {
    const m = await newMerchant();
    await payManual(m);
    const captured = await payManual(m);
    expect((await capture(m, captured, { amount: 25 })).status).toBe(200);
    const run = await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
    expect(run.status).toBe(200);
    const payouts = run.json['payouts'] as Array<{ amount: number }>;
    // Default card price 2.90 % + 0.30: 25 -> 1.03; the $40 hold still open pays nothing.
    expect(payouts.map((p) => p.amount)).toEqual([(2500 - 103) / 100]);
    expect(await balanceOf(m)).toEqual({ currency: 'USD', available: 0, pending: 0 });
  });

  it('answers a repeated Idempotency-Key with the first capture', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const key = randomUUID();
    const first = await capture(m, codOper, undefined, key);
    const replay = await capture(m, codOper, undefined, key);
    expect(replay.json).toEqual(first.json);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.json).toMatchObject({ captured: true, refundableAmount: 40 });
  });

  it('two captures at once capture once', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const answers = await Promise.all([capture(m, codOper, { amount: 10 }), capture(m, codOper, { amount: 30 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200);
    const cents = Math.round(Number(won?.json['refundableAmount']) * 100);
    expect(bookOf(codOper)['capturedCents']).toBe(cents);
    expect((await linesOf(m)).map((l) => l.amount)).toEqual([cents / 100]);
  });

  it('voids a hold: released at the processor, DECLINED with cancelReason merchant, transaction.voided, nothing booked, no capture after', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const voided = await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key });
    expect(voided.status).toBe(200);
    expect(voided.json).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED', cancelReason: 'merchant', captured: false, capturableAmount: 0 });
    expect(bookOf(codOper)['voided']).toBe(true);
    expect((await capture(m, codOper)).json['code']).toBe('transaction_not_capturable');
    // A second void says the hold is gone, as a void: not "only a hold can be captured".
    const again = await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key, headers: { 'accept-language': 'es' } });
    expect([again.status, again.json['code'], again.json['message']]).toEqual([409, 'transaction_not_pending', 'Solo se puede anular un pago pendiente (la retención ya se liberó: no queda nada que anular)']);
    // A refund says the hold was released: not "capture or void it", which both would refuse now.
    const refund = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, headers: { 'accept-language': 'en' } });
    expect([refund.status, refund.json['code'], refund.json['message']]).toEqual([409, 'transaction_not_refundable', expect.stringContaining('(the hold was released uncaptured: nothing was taken to refund)')]);
    expect(await linesOf(m)).toEqual([]);
    expect((await eventsFor(codOper)).map((e) => e.type)).toEqual(['transaction.approved', 'transaction.voided']);
    // Void only uncaptured.
    const captured = await payManual(m);
    expect((await capture(m, captured)).status).toBe(200);
    const late = await setup.api.call('POST', `/transactions/${captured}/void`, { key: m.key });
    expect([late.status, late.json['code']]).toEqual([409, 'transaction_already_captured']);
  });

  it('a capture and a void at once: one of them, and the processor agrees with the books', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const [captured, voided] = await Promise.all([capture(m, codOper, { amount: 10 }), setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key })]);
    expect([captured.status, voided.status].sort()).toEqual([200, 409]);
    const book = bookOf(codOper);
    if (captured.status === 200) {
      expect([book['capturedCents'], book['voided']]).toEqual([1000, undefined]);
      expect((await linesOf(m)).map((l) => l.amount)).toEqual([10]);
    } else {
      expect([book['capturedCents'], book['voided']]).toEqual([undefined, true]);
      expect(await linesOf(m)).toEqual([]);
    }
  });

  // A capture that read the hold open, then lost it to a void or to another capture before its own
  // write: its answer says what the hold is now, a release (not capturable) or a capture (captured).
  it.each<[string, string, number, string]>([
    ['a release under way', "hold_state = 'releasing'", 409, 'transaction_not_capturable'],
    ['a release done', "hold_state = 'released', status = 0, auth_status = 'CANCELLED'", 409, 'transaction_not_capturable'],
    ['a capture under way', "hold_state = 'capturing', captured_cents = 1000", 409, 'transaction_already_captured'],
  ])('a capture that loses the hold to %s answers what the hold is now', async (_case, change, status, code) => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const db = setup.t.db;
    const query = db.query.bind(db);
    let raced = false;
    // The other request's write lands between this capture's read and its conditional write.
    db.query = (async (sql: string, params?: readonly unknown[]) => {
      if (!raced && sql.includes("set hold_state = 'capturing'")) {
        raced = true;
        await query(`update transactions set ${change} where cod_oper = $1`, [codOper]);
      }
      return query(sql, params);
    }) as typeof db.query;
    try {
      const res = await capture(m, codOper, { amount: 5 });
      expect(raced).toBe(true);
      expect([res.status, res.json['code']]).toEqual([status, code]);
    } finally {
      db.query = query;
    }
    expect(bookOf(codOper)['capturedCents']).toBeUndefined();
  });

  it('refuses a third decimal in the literal sent, though the double it reads as has two', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const res = await setup.api.call('POST', `/transactions/${codOper}/capture`, { key: m.key, bytes: new TextEncoder().encode('{"amount":10.1000000000000001}'), headers: { 'content-type': 'application/json' } });
    expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(await verify(m, codOper)).toMatchObject({ captured: false, capturableAmount: 40 });
  });

  it('a hold past its deadline is not captured, though the reconciler has not released it yet', async () => {
    const m = await newMerchant();
    const late = await payManual(m);
    await setup.t.db.query("update transactions set capture_before = now() - interval '1 second' where cod_oper = $1", [late]);
    const res = await capture(m, late, { amount: 5 });
    expect([res.status, res.json['code']]).toEqual([409, 'transaction_not_capturable']);
    expect(bookOf(late)['capturedCents']).toBeUndefined();
    expect(await linesOf(m)).toEqual([]);
  });

  it('the reconciler releases a hold past its deadline, and leaves one still in time and a captured one alone', async () => {
    const m = await newMerchant();
    const lapsed = await payManual(m);
    const inTime = await payManual(m);
    const captured = await payManual(m);
    expect((await capture(m, captured, { amount: 5 })).status).toBe(200);
    await setup.t.db.query("update transactions set capture_before = now() - interval '1 second' where cod_oper = any($1)", [[lapsed, captured]]);
    const settled = await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways });
    expect(settled).toContain(lapsed);
    expect(settled).not.toContain(inTime);
    expect(settled).not.toContain(captured);
    expect(await verify(m, lapsed)).toMatchObject({ result: 'DECLINED', cancelReason: 'hold_expired', captured: false, capturableAmount: 0 });
    expect(bookOf(lapsed)['voided']).toBe(true);
    expect(await verify(m, inTime)).toMatchObject({ result: 'APPROVED', captured: false, capturableAmount: 40 });
    expect((await capture(m, lapsed)).json['code']).toBe('transaction_not_capturable');
    const refund = await setup.api.call('POST', `/transactions/${lapsed}/refunds`, { key: m.key, headers: { 'accept-language': 'es' } });
    expect([refund.status, refund.json['code'], refund.json['message']]).toEqual([409, 'transaction_not_refundable', expect.stringContaining('(la retención se liberó sin capturar: no se tomó nada que reembolsar)')]);
    expect((await linesOf(m)).map((l) => [l.amount, l.codOper])).toEqual([[5, captured]]);
  });
});

describe('"one truth": a hold voided or past its deadline took nothing from the payer, in the merchant API and the console alike', () => {
  const listed = async (codOper: string) => ((await setup.t.admin('GET', '/transactions/recent')).json['transactions'] as Array<Record<string, unknown>>).find((x) => x['codOper'] === codOper);

  it('voided: totalPaid 0 in the verify call and the transaction.voided webhook, paidAmount 0 in the console', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    expect((await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key })).status).toBe(200);
    expect(await verify(m, codOper)).toMatchObject({ result: 'DECLINED', captured: false, capturableAmount: 0, totalPaid: 0, refundableAmount: 0 });
    expect(await listed(codOper)).toMatchObject({ outcome: 'DECLINED', paidAmount: 0, capturableAmount: 0 });
    const voided = (await eventsFor(codOper)).find((e) => e.type === 'transaction.voided');
    expect(voided?.data).toMatchObject({ totalPaid: 0, captured: false });
    expect(await linesOf(m)).toEqual([]);
  });

  it('expired: totalPaid 0 in the verify call, paidAmount 0 in the console', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    await setup.t.db.query("update transactions set capture_before = now() - interval '1 second' where cod_oper = $1", [codOper]);
    expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways })).toContain(codOper);
    expect(await verify(m, codOper)).toMatchObject({ result: 'DECLINED', cancelReason: 'hold_expired', totalPaid: 0 });
    expect(await listed(codOper)).toMatchObject({ outcome: 'DECLINED', paidAmount: 0 });
  });
});

describe('"a released hold leaves a single-use link marked paid": released or expired, the link is open again', () => {
  it('void and expiry each free the single-use link the hold claimed; the payer pays it again, and a capture then closes it', async () => {
    const m = await newMerchant();
    for (const end of ['void', 'expiry'] as const) {
      const made = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 40, description: 'Reserva', captureMethod: 'manual', singleUse: true } });
      const code = String(made.json['code']);
      const state = async () => (await setup.api.call('GET', `/payment-links/${code}`, { key: m.key })).json['state'];
      const pay = async () => setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0 }), transactionsType: 'AUTH' });
      const first = await pay();
      expect(first.data['status']).toBe(1);
      const held = String(first.data['codOper']);
      expect(await state(), `${end}: claimed by the hold`).toBe('paid');
      expect((await pay()).status, `${end}: a second payment while held`).not.toBe(200);
      if (end === 'void') {
        expect((await setup.api.call('POST', `/transactions/${held}/void`, { key: m.key })).status).toBe(200);
      } else {
        await setup.t.db.query("update transactions set capture_before = now() - interval '1 second' where cod_oper = $1", [held]);
        expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways })).toContain(held);
      }
      expect(await state(), `${end}: open again`).toBe('open');
      const again = await pay();
      expect([again.status, again.data['status']], `${end}: paid again`).toEqual([200, 1]);
      const second = String(again.data['codOper']);
      expect(await state()).toBe('paid');
      expect((await capture(m, second)).status).toBe(200);
      expect(await state()).toBe('paid');
      expect((await linesOf(m)).filter((l) => l.codOper === held)).toEqual([]);
    }
  });
});

describe('a capture whose answer was lost', () => {
  it('stays being captured (504, nothing booked), and the reconciler asks again under its key: captured once, booked once', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const card = setup.t.gateways.card;
    const realCapture = card.capture.bind(card);
    const keys: string[] = [];
    // The processor captures, and its answer is lost on the way back.
    card.capture = async (call) => {
      keys.push(call.idempotencyKey);
      await realCapture(call);
      throw new GatewayOutcomeUnknown('card.capture: no answer');
    };
    try {
      const lost = await capture(m, codOper, { amount: 15 });
      expect([lost.status, lost.json['code']]).toEqual([504, 'payment_error_try_again']);
    } finally {
      card.capture = realCapture;
    }
    expect(await verify(m, codOper)).toMatchObject({ captured: false, capturableAmount: 0 });
    expect(await linesOf(m)).toEqual([]);
    expect((await capture(m, codOper, { amount: 15 })).json['code']).toBe('transaction_already_captured');
    // Within a minute the reconciler leaves it to the call in flight.
    expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways })).not.toContain(codOper);
    await setup.t.db.query("update transactions set updated_at = now() - interval '2 minutes' where cod_oper = $1", [codOper]);
    const asked: string[] = [];
    card.capture = async (call) => {
      asked.push(call.idempotencyKey);
      return realCapture(call);
    };
    expect(await receiptsOf(codOper)).toEqual([]);
    try {
      // Two nodes' reconcilers at once: the capture is recorded, and its receipt mailed, once.
      const nodes = await Promise.all([1, 2].map(() => reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways, publicOrigin: 'http://localhost:4000' })));
      expect(nodes.flat()).toContain(codOper);
    } finally {
      card.capture = realCapture;
    }
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked)).toEqual(new Set(keys));
    expect((await receiptsOf(codOper)).map((mail) => mail.body.split('\n')[0])).toEqual(['Pagaste $15.00 a Retenciones S.A..']);
    expect(bookOf(codOper)['capturedCents']).toBe(1500);
    expect(await verify(m, codOper)).toMatchObject({ captured: true, refundableAmount: 15 });
    expect((await linesOf(m)).map((l) => [l.type, l.amount])).toEqual([['payment', 15]]);
  });
});

describe('a release whose answer was lost', () => {
  it('stays being released (504, not capturable), and the reconciler asks again under its key: voided, DECLINED', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const card = setup.t.gateways.card;
    const realVoid = card.void.bind(card);
    card.void = async (call) => {
      await realVoid(call);
      throw new GatewayOutcomeUnknown('card.void: no answer');
    };
    try {
      const lost = await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key });
      expect([lost.status, lost.json['code']]).toEqual([504, 'payment_error_try_again']);
    } finally {
      card.void = realVoid;
    }
    expect(await verify(m, codOper)).toMatchObject({ result: 'APPROVED', captured: false, capturableAmount: 0 });
    expect((await capture(m, codOper)).json['code']).toBe('transaction_not_capturable');
    await setup.t.db.query("update transactions set updated_at = now() - interval '2 minutes' where cod_oper = $1", [codOper]);
    expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways })).toContain(codOper);
    expect(await verify(m, codOper)).toMatchObject({ result: 'DECLINED', cancelReason: 'merchant', captured: false });
    expect(bookOf(codOper)['voided']).toBe(true);
    expect(await linesOf(m)).toEqual([]);
  });
});

describe('a hold the processor released under another key (its dashboard), the answer to ours lost', () => {
  it('lookup answers voided; the reconciler\'s release, refused there, settles as released from what lookup says', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const card = setup.t.gateways.card;
    const realVoid = card.void.bind(card);
    card.void = async (call) => {
      await realVoid({ ...call, idempotencyKey: `dashboard:${codOper}` });
      throw new GatewayOutcomeUnknown('card.void: no answer');
    };
    try {
      const lost = await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key });
      expect(lost.status).toBe(504);
    } finally {
      card.void = realVoid;
    }
    const [row] = await setup.t.db.query<{ gateway_reference: string }>('select gateway_reference from transactions where cod_oper = $1', [codOper]);
    const said = await card.lookup({ idempotencyKey: codOper, deadline: new Date(Date.now() + 5_000), reference: row?.gateway_reference ?? null });
    expect(said).toMatchObject({ status: 'voided', reference: row?.gateway_reference });
    // Asked again under our key, the processor refuses (the hold is gone); its books say why.
    expect(await card.void({ idempotencyKey: `void:${codOper}`, deadline: new Date(Date.now() + 5_000), reference: String(row?.gateway_reference) })).toBe('refused');
    await setup.t.db.query("update transactions set updated_at = now() - interval '2 minutes' where cod_oper = $1", [codOper]);
    expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways })).toContain(codOper);
    expect(await verify(m, codOper)).toMatchObject({ result: 'DECLINED', cancelReason: 'merchant', captured: false, capturableAmount: 0 });
    expect(await linesOf(m)).toEqual([]);
  });
});

/** The receipts mailed to the payer of a payment (their subject names it). */
const receiptsOf = (codOper: string) => setup.t.db.query<{ subject: string; body: string }>(
  "select subject, body from mailbox where kind = 'receipt' and subject like '%' || $1 order by id", [codOper]);

async function payHeld(code: string, amount: number, lang: 'es' | 'en' = 'es'): Promise<string> {
  const paid = await setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount, taxAmount: 0, lang }), transactionsType: 'AUTH' });
  expect(paid.data['status']).toBe(1);
  return String(paid.data['codOper']);
}

// merchant-api.md "Holds": nothing of a hold is taken until it is captured. The payer's receipt says
// what was taken, so it is mailed at the capture, of the part captured; a hold released sends none.
describe('the payer\'s receipt of a hold', () => {
  const heldLink = async (m: Merchant, amount: number) =>
    String((await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount, description: 'Reserva', captureMethod: 'manual' } })).json['code']);

  it('is not mailed at the authorization; a capture of 40.00 of 53.50 mails one receipt of 40.00, once', async () => {
    const m = await newMerchant();
    const codOper = await payHeld(await heldLink(m, 53.5), 53.5);
    expect(await receiptsOf(codOper)).toEqual([]);
    expect((await capture(m, codOper, { amount: 40 })).status).toBe(200);
    expect((await capture(m, codOper, { amount: 40 })).json['code']).toBe('transaction_already_captured');
    const mails = await receiptsOf(codOper);
    expect(mails.map((mail) => mail.subject)).toEqual([`Comprobante de pago ${codOper}`]);
    expect(mails[0]?.body).toContain('Pagaste $40.00 a Retenciones S.A.');
    expect(mails[0]?.body).not.toContain('53.50');
  });

  it('a hold voided or left to expire mails none', async () => {
    const m = await newMerchant();
    const voided = await payHeld(await heldLink(m, 53.5), 53.5);
    const lapsed = await payHeld(await heldLink(m, 53.5), 53.5);
    expect((await setup.api.call('POST', `/transactions/${voided}/void`, { key: m.key })).status).toBe(200);
    await setup.t.db.query("update transactions set capture_before = now() - interval '1 second' where cod_oper = $1", [lapsed]);
    expect(await reconcileHolds({ db: setup.t.db, gateways: setup.t.gateways, publicOrigin: 'http://localhost:4000' })).toContain(lapsed);
    expect(await receiptsOf(voided)).toEqual([]);
    expect(await receiptsOf(lapsed)).toEqual([]);
  });

  it('in pesos, captured whole: the receipt of what was taken, as Colombia writes it, in the payer\'s language', async () => {
    const co = await setup.t.admin('POST', '/merchants', { name: 'Reservas Cali', country: 'CO', captchaRequired: false });
    const m: Merchant = { id: Number(co.json['idMerchant']), key: String(co.json['secretKey']), webhookSecret: '' };
    const es = await payHeld(await heldLink(m, 100_000), 100_000);
    const en = await payHeld(await heldLink(m, 100_000), 100_000, 'en');
    expect(await receiptsOf(es)).toEqual([]);
    for (const codOper of [es, en]) expect((await capture(m, codOper)).status).toBe(200);
    expect((await receiptsOf(es))[0]?.body).toContain('Pagaste $\u00a0100.000 a Reservas Cali');
    expect((await receiptsOf(en))[0]?.body).toContain('You paid COP\u00a0100,000 to Reservas Cali');
  });
});

describe('@pasarela/node', () => {
  it('makes a manual link, captures part of its hold and voids another, as the server answers', async () => {
    const m = await newMerchant();
    const pasarela = new Pasarela({ secretKey: m.key, baseUrl: 'http://localhost:4000', fetch: (url, init) => Promise.resolve(setup.t.app.request(String(url), init)) });
    const link = await pasarela.paymentLinks.create({ amount: 40, description: 'Alquiler', captureMethod: 'manual' });
    expect(link.captureMethod).toBe('manual');
    const pay = async () => String((await setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(link.code, { amount: 40, taxAmount: 0 }), transactionsType: 'AUTH' })).data['codOper']);
    const first = await pay();
    expect(await pasarela.transactions.retrieve(first)).toMatchObject({ captured: false, capturableAmount: 40 });
    expect(await pasarela.transactions.capture(first, { amount: 12.5 })).toMatchObject({ captured: true, refundableAmount: 12.5 });
    await expect(pasarela.transactions.capture(first)).rejects.toMatchObject({ status: 409, code: 'transaction_already_captured' });
    await expect(pasarela.transactions.capture(first)).rejects.toBeInstanceOf(PasarelaError);
    expect(await pasarela.transactions.void(await pay())).toMatchObject({ result: 'DECLINED', cancelReason: 'merchant', captured: false });
  });
});

describe('"a payer\'s body that disagrees is refused (400 naming the field)"', () => {
  it('refuses AUTH on an automatic link and AUTH_CAPTURE on a manual one, charging nothing', async () => {
    const m = await newMerchant();
    for (const [method, payerType] of [['automatic', 'AUTH'], ['manual', 'AUTH_CAPTURE']] as const) {
      const code = await newLink(m, method);
      const res = await setup.t.post('/cards/auth-capture', { ...await tokenizedCardPayload(code, { amount: 40, taxAmount: 0 }), transactionsType: payerType });
      expect(res.status, `${payerType} on a ${method} link`).toBe(400);
      // A value that is wrong, not one that is missing, named in the answer's language alone.
      expect(res.data['code']).toBe('invalid_arguments');
      expect(res.data['message']).toContain(`(transactionsType debe ser el del enlace (${method === 'manual' ? 'AUTH' : 'AUTH_CAPTURE'}))`);
      expect(res.data).not.toHaveProperty('transactionsType');
      expect(await setup.t.db.query('select cod_oper from transactions where link_code = $1', [code])).toEqual([]);
    }
    // A body without transactionsType takes the link's (SPEC 5's defaults): a manual link's payment is a hold.
    const { transactionsType: _left, ...untyped } = await tokenizedCardPayload(await newLink(m, 'manual'), { amount: 40, taxAmount: 0 });
    const held = await setup.t.post('/cards/auth-capture', untyped);
    expect(held.status, JSON.stringify(held.data)).toBe(200);
    expect(await verify(m, String(held.data['codOper']))).toMatchObject({ captureMethod: 'manual', captured: false, capturableAmount: 40 });
    // The link's own type goes through: an automatic payment is captured and booked at once.
    const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m), { amount: 40, taxAmount: 0 }));
    const tx = await verify(m, String(paid.data['codOper']));
    expect(tx).toMatchObject({ captureMethod: 'automatic', captured: true, capturableAmount: 0, captureBefore: null, refundableAmount: 40 });
  });

  // A donation (SPEC 7 amountToCampaign) rides on a hold: a part captured would leave it unfunded, or
  // take the merchant's part as the campaign's. Captured whole, or voided.
  it('a hold carrying a donation is captured whole or not at all: a part is 422 capture_must_be_whole', async () => {
    const bridges = (await setup.t.get('/merchants/1/campaign-bridges')).data['bridges'] as Array<{ idBridge: number }>;
    const link = await setup.t.admin('POST', '/links', { amount: 50, taxAmount: 3.5, description: 'Cena', captureMethod: 'manual', merchantId: 1 });
    const paid = await setup.t.post('/cards/auth-capture', {
      ...await tokenizedCardPayload(String(link.json['code']), { amount: 50, taxAmount: 3.5 }), transactionsType: 'AUTH', amountToCampaign: 10, idCampaignBridge: bridges[0]?.idBridge,
    });
    expect(paid.data['status']).toBe(1);
    const codOper = String(paid.data['codOper']);
    const part = await setup.t.admin('POST', `/transactions/${codOper}/capture`, { amount: 5 }, { 'accept-language': 'en' });
    expect([part.status, part.json['code']]).toEqual([422, 'capture_must_be_whole']);
    expect(String(part.json['message'])).toContain('capture all of it (63.50) or void it');
    const whole = await setup.t.admin('POST', `/transactions/${codOper}/capture`, {});
    expect([whole.status, whole.json['capturedAmount']]).toEqual([200, 63.5]);
    expect((await setup.t.get(`/campaigns/transactions/${codOper}`)).data).toMatchObject({ amountToCampaign: 10 });
  });

  it('the console lists a hold\'s capturableAmount and captures it whole through the admin API', async () => {
    const m = await newMerchant();
    const codOper = await payManual(m);
    const listed = async () => ((await setup.t.admin('GET', '/transactions/recent')).json['transactions'] as Array<Record<string, unknown>>).find((x) => x['codOper'] === codOper);
    expect(await listed()).toMatchObject({ capturableAmount: 40, paidAmount: 0, outcome: 'APPROVED' });
    const res = await setup.t.admin('POST', `/transactions/${codOper}/capture`, {});
    expect([res.status, res.json['capturedAmount']]).toEqual([200, 40]);
    expect(await listed()).toMatchObject({ capturableAmount: 0, paidAmount: 40 });
    expect(bookOf(codOper)['capturedCents']).toBe(4000);
  });

  it('a sandbox link (/sandbox/links) takes captureMethod too', async () => {
    const res = await setup.t.admin('POST', '/links', { amount: 12, description: 'Depósito', captureMethod: 'manual' });
    expect(res.status).toBe(201);
    const [link] = await setup.t.db.query<{ transactions_type: string }>('select transactions_type from payment_links where code = $1', [res.json['code']]);
    expect(link?.transactions_type).toBe('AUTH');
    expect((await setup.t.admin('POST', '/links', { amount: 12, description: 'Depósito', captureMethod: 'later' })).status).toBe(400);
  });
});
