import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeAnswer } from '../test/nodeClient';
import { testCluster, type TestNode } from '../test/testNodes';
import { TEST_SIMULATOR_API_SECRET } from '../test/testServer';
import { tokenizedCardPayload, testCardNumber } from '../test/testApp';
import { httpGateways } from './gateways/http/httpGateways';
import { receiveGatewayEvent } from './payments/receiveGatewayEvent';
import { owedToPayerCentsOf } from './merchantView/merchantTransaction';
import { duplicateLockKey } from './store/insertTransaction';

// Every rule that counts or allows once holds when requests race: N requests at once, split across
// two nodes on one PostgreSQL (where payments run in parallel), and the rule still allows what it
// allows once. Needs TEST_DATABASE_URL (CI starts a PostgreSQL); PGlite runs one query at a time.
const url = process.env['TEST_DATABASE_URL'];

let cluster: Awaited<ReturnType<typeof testCluster>>;
let a: TestNode;
let b: TestNode;
/** What each race did, printed as a table at the end (the figures the docs quote). */
const table: Array<{ rule: string; requests: number; allowed: number; approved: number }> = [];

beforeAll(async () => {
  if (!url) return;
  cluster = await testCluster(url);
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
});
/** The mixed races on single-use targets: what each round's attempts were and where the money went. */
const moneyTable: Array<{ target: string; rounds: number; attempts: Record<string, number>; paid: number; taken: number; givenBack: number; owed: number; live: number }> = [];

afterAll(async () => {
  if (!url) return;
  await cluster.close();
  console.log(['rule | nodes | requests at once | allowed | approved or accepted', ...table.map((r) => `${r.rule} | 2 | ${r.requests} | ${r.allowed} | ${r.approved}`)].join('\n'));
  if (moneyTable.length > 0) {
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    console.log([
      'single-use target | rounds | attempts recorded (card, 3ds, nequi, yappy, cash, clave, crypto) | paid | money taken | given back | owed to payer | left payable at a gateway',
      ...moneyTable.map((r) => `${r.target} | ${r.rounds} | ${MIXED_METHODS.map((m) => r.attempts[m] ?? 0).join(', ')} | ${r.paid} | ${dollars(r.taken)} | ${dollars(r.givenBack)} | ${dollars(r.owed)} | ${r.live}`),
    ].join('\n'));
  }
});

/** n calls at once, every other one on the other node. */
function atOnce<T>(n: number, call: (node: TestNode, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => call(i % 2 === 0 ? a : b, i)));
}

function record(rule: string, requests: number, allowed: number, approved: number): void {
  table.push({ rule, requests, allowed, approved });
  expect(approved, rule).toBeLessThanOrEqual(allowed);
}

async function singleUseLink(amount = 25, taxAmount = 1.75): Promise<string> {
  const link = await a.client.admin('POST', '/links', { amount, taxAmount, description: 'Pedido 1042', singleUse: true });
  expect(link.status).toBe(201);
  return String(link.data['code']);
}

/** The link's payments the database calls paid (card, Nequi, Yappy, Clave, crypto 1; cash 1 or 2). */
async function paidOn(code: string): Promise<number> {
  const [row] = await a.server.db.query<{ n: number }>(
    "select count(*)::int as n from transactions where link_code = $1 and (status = 1 or (method = 'cash' and status = 2))", [code]);
  return row?.n ?? 0;
}

const approvedCard = (r: NodeAnswer) => r.status === 200 && r.data['status'] === 1;

/** Pending payments of each method on a link, made one after the other (as payers would start them). */
async function pendingPayment(node: TestNode, method: string, code: string): Promise<string> {
  const trackId = randomUUID();
  // Phones that never answer by themselves: what races is the settle calls.
  const answer = method === 'nequi' ? await node.client.api('/nequi/push', { code, phone: '63333333', trackId })
    : method === 'yappy' ? await node.client.api('/yappy/payments', { code, phone: '63333333', trackId })
      : method === 'cash' ? await node.client.api('/cash/pay-cash', { code, email: 'caja@example.com', phone: '+50761234567', trackId })
        : method === 'clave' ? await node.client.api('/clave/payments', { code, trackId })
          : method === 'crypto' ? await node.client.api('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', trackId })
            : await node.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', trackId }));
  expect(answer.status, `${method}: ${JSON.stringify(answer.data)}`).toBe(200);
  return String(answer.data['codOper'] ?? answer.data['Oper'] ?? answer.data['id']);
}

/** What settles a pending payment as paid: the payer's phone, the kiosk, the bank page, the chain, the issuer. */
async function settle(node: TestNode, method: string, codOper: string): Promise<boolean> {
  // The bank's and the issuer's pages post a form, as the payer's browser does.
  const post = async (path: string, form = false, json = '{}') => {
    const res = await fetch(`${node.server.url}/sandbox${path}`, {
      method: 'POST', headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json', accept: 'application/json' },
      body: form ? 'result=approve' : json,
    });
    return { status: res.status, data: (await res.json()) as Record<string, unknown> };
  };
  if (method === 'nequi' || method === 'yappy') return (await post(`/${method}/${codOper}`, false, '{"result":"approve"}')).data['status'] === 1;
  if (method === 'cash') return (await post(`/cash/${codOper}/pay`)).status === 200;
  if (method === 'clave') return (await post(`/clave/${codOper}`, true)).data['status'] === 1;
  if (method === 'crypto') return (await post(`/crypto/${codOper}/confirm`)).data['txStatus'] === 1;
  return (await post(`/3ds/${codOper}`, true)).data['status'] === 1;
}

/** The mixed race's 12 requests: cards, a 3DS card, phones that never answer by themselves, vouchers, Clave pages, a crypto address. */
const MIXED_REQUESTS = ['card', 'nequi', 'cash', 'clave', 'yappy', 'crypto', 'card', '3ds', 'cash', 'clave', 'nequi', 'card'] as const;
const MIXED_METHODS = ['card', '3ds', 'nequi', 'yappy', 'cash', 'clave', 'crypto'] as const;

/** One payer's request for a payment on a link, its answer as it came (200 with the attempt, or 409). */
async function startAttempt(node: TestNode, method: string, code: string, amount: number, taxAmount: number): Promise<NodeAnswer> {
  const trackId = randomUUID();
  if (method === 'nequi') return node.client.api('/nequi/push', { code, phone: '63333333', trackId });
  if (method === 'yappy') return node.client.api('/yappy/payments', { code, phone: '63333333', trackId });
  if (method === 'cash') return node.client.api('/cash/pay-cash', { code, email: 'caja@example.com', phone: '+50761234567', trackId });
  if (method === 'clave') return node.client.api('/clave/payments', { code, trackId });
  if (method === 'crypto') return node.client.api('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', trackId });
  return node.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { amount, taxAmount, trackId, ...(method === '3ds' ? { cardNumber: '4000000000003220' } : {}) }));
}

interface BookRow { key: string; port: string; request: Record<string, unknown>; state: Record<string, unknown> }

/** The simulator's books of these attempts (a crypto address is kept under the attempt's key and network). */
const booksOf = async (codOpers: readonly string[]): Promise<BookRow[]> =>
  ['card', 'push', 'voucher', 'crypto', 'bank'].flatMap((port) => cluster.simulator?.books.list<Record<string, unknown>, Record<string, unknown>>(port) ?? [])
    .filter((e) => codOpers.includes(e.key) || codOpers.includes(e.key.split(':')[0] ?? ''))
    .map(({ key, port, request, state }) => ({ key, port, request, state }));

/** What of these attempts a payer could still pay at its gateway: a voucher issued, a bank page or push waiting, a 3DS challenge open. */
async function liveAtGateway(codOpers: readonly string[]): Promise<string[]> {
  return (await booksOf(codOpers)).filter((e) =>
    (e.port === 'voucher' && e.state['state'] === 'issued') || (e.port === 'bank' && e.state['state'] === 'waiting')
    || (e.port === 'push' && e.state['state'] === 'waiting') || (e.port === 'card' && e.state['status'] === 'challenge' && e.state['voided'] !== true),
  ).map((e) => `${e.port} ${e.key}`);
}

/**
 * The outside party itself, past Pasarela's settle calls: the kiosk takes the voucher's cash, the
 * payer approves on the bank's page and on the phone, coins reach the address. Each gateway refuses
 * what was withdrawn; what it takes anyway is news for Pasarela (returned as its event).
 */
async function playOutsideParty(outside: ReturnType<typeof httpGateways>, method: string, codOper: string, details: Record<string, unknown>) {
  const controls = outside.sandbox;
  if (method === 'cash') {
    const voucher = await controls.voucher.paidAtKiosk(codOper);
    return voucher && { id: `kiosk:${codOper}`, key: codOper, kind: 'voucher' as const, voucher };
  }
  if (method === 'clave') {
    const outcome = await controls.bank.payerDecides(codOper, true);
    return outcome && { id: `bank:${codOper}`, key: codOper, kind: 'bank' as const, outcome };
  }
  if (method === 'nequi' || method === 'yappy') {
    const answer = await controls.push.payerAnswers(codOper, true);
    return answer && { id: `phone:${codOper}`, key: codOper, kind: 'push' as const, answer };
  }
  if (method === 'crypto' && details['network']) {
    // The chain takes coins to any address: a called-off payment's are owed back.
    const deposit = await controls.crypto.chainConfirms(`${codOper}:${String(details['network'])}`, Number(details['amountCrypto']), `sbxbtc_payer_${codOper.toLowerCase()}`);
    return deposit && { id: `chain:${codOper}`, key: codOper, kind: 'crypto' as const, deposit };
  }
  return undefined;
}

/** Money the gateways took for these attempts, and gave back (a void, a refund), in cents, from the simulator's books. */
async function moneyOf(rows: ReadonlyArray<{ cod_oper: string }>, total: number): Promise<{ taken: number; givenBack: number }> {
  let taken = 0;
  let givenBack = 0;
  for (const { port, request, state } of await booksOf(rows.map((r) => r.cod_oper))) {
    const cents = Number(request['amountCents'] ?? 0);
    if (port === 'card' && state['status'] === 'approved') {
      taken += cents;
      givenBack += state['voided'] === true ? cents : Number(state['refundedCents'] ?? 0);
    } else if ((port === 'push' || port === 'bank') && state['state'] === 'approved') {
      taken += cents;
      givenBack += Number(state['refundedCents'] ?? 0);
    } else if (port === 'voucher' && state['state'] === 'paid') {
      taken += cents;
    } else if (port === 'crypto' && Number(state['paidCrypto'] ?? 0) > 0) {
      const quoted = Number(request['amountCrypto']);
      const sent = ((state['refunds'] as Array<{ amountCrypto: number }> | undefined) ?? []).reduce((sum, r) => sum + r.amountCrypto, 0);
      taken += Math.round((total * Number(state['paidCrypto'])) / quoted);
      givenBack += Math.round((total * sent) / quoted);
    }
  }
  return { taken, givenBack };
}

describe.skipIf(!url)('races on two nodes on one PostgreSQL', () => {
  it('pays a single-use link once when 20 cards pay it at once', async () => {
    for (let round = 0; round < 3; round++) {
      const code = await singleUseLink();
      const answers = await atOnce(20, async (node) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(code)));
      const approved = answers.filter(approvedCard).length;
      record('single-use link, 20 cards', 20, 1, approved);
      expect(approved).toBe(1);
      const answered = answers.map((r) => `${r.status} ${String(r.data['code'] ?? r.data['authStatus'] ?? '')}`);
      // Every other card is refused as paid, or, on a loaded machine, left in doubt: its processor did not
      // answer within the node's deadline (504 payment_error_try_again), which the reconciler settles
      // later; it pays nothing meanwhile (the link is paid once, below).
      const refused = answers.filter((r) => r.status === 409 && r.data['code'] === 'request_already_paid');
      const inDoubt = answers.filter((r) => r.status === 504 && r.data['code'] === 'payment_error_try_again');
      expect(refused.length + inDoubt.length, answered.join(', ')).toBe(19);
      expect(refused.length, answered.join(', ')).toBeGreaterThan(0);
      // Each refusal names the payment that paid, whichever guard refused it (the link's check, the
      // insert's, the claim lost at settling): the left-behind browser shows that payment's receipt.
      const paid = String(answers.find(approvedCard)?.data['codOper']);
      for (const refused of answers.filter((r) => r.status === 409)) expect(refused.data).toMatchObject({ paidBy: paid, paidWith: 'card' });
      expect(await paidOn(code)).toBe(1);
    }
  });

  it.each(['nequi', 'yappy', 'cash', 'clave', 'crypto'])('pays a single-use link once when 8 %s payments are settled at once', async (method) => {
    const code = await singleUseLink();
    const opers: string[] = [];
    for (let i = 0; i < 8; i++) opers.push(await pendingPayment(i % 2 ? b : a, method, code));
    const settled = await atOnce(8, (node, i) => settle(node, method, opers[i] ?? ''));
    record(`single-use link, 8 ${method} payments settled`, 8, 1, settled.filter(Boolean).length);
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await paidOn(code)).toBe(1);
  });

  it('pays a single-use link once when every method pays it at once', async () => {
    const code = await singleUseLink();
    const methods = ['nequi', 'yappy', 'cash', 'clave', 'crypto', '3ds'];
    const opers = await Promise.all(methods.map((m, i) => pendingPayment(i % 2 ? b : a, m, code)));
    const [settled, cards] = await Promise.all([
      Promise.all(methods.map((m, i) => settle(i % 2 ? a : b, m, opers[i] ?? ''))),
      atOnce(6, async (node) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(code))),
    ]);
    const approved = settled.filter(Boolean).length + cards.filter(approvedCard).length;
    record('single-use link, 6 methods settled + 6 cards', 12, 1, approved);
    expect(approved).toBe(1);
    expect(await paidOn(code)).toBe(1);
  });

  it('calls off the waiting payments of a single-use link once a card pays it', async () => {
    const code = await singleUseLink();
    const push = await pendingPayment(a, 'nequi', code);
    const voucher = await pendingPayment(b, 'cash', code);
    expect(approvedCard(await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code)))).toBe(true);
    // The payer accepts the push on the phone and pays the voucher at a kiosk, afterwards.
    const onPhone = await b.client.admin('POST', `/nequi/${push}`, { result: 'approve' });
    const atKiosk = await a.client.admin('POST', `/cash/${voucher}/pay`, {});
    expect([onPhone.status, onPhone.data['code']]).toEqual([409, 'request_already_paid']);
    expect([atKiosk.status, atKiosk.data['code']]).toEqual([409, 'request_already_paid']);
    record('single-use link paid by card, then its push and voucher', 3, 1, await paidOn(code));
    expect(await paidOn(code)).toBe(1);
  });

  it('pays an e-mailed payment request once when 20 cards pay it at once', async () => {
    const sent = await a.client.admin('POST', '/email-payments', { to: 'carmen@example.com', amount: 40, taxAmount: 2.8, description: 'Clases de junio' });
    const code = String(sent.data['code']);
    const answers = await atOnce(20, async (node) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 40, taxAmount: 2.8 })));
    record('e-mailed payment request, 20 cards', 20, 1, answers.filter(approvedCard).length);
    expect(answers.filter(approvedCard)).toHaveLength(1);
  });

  it('charges a wallet balance only as far as it goes', async () => {
    const login = `saldo${Date.now()}`;
    await a.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567', balance: 100 });
    const token = String((await b.client.api('/users/login', { login, password: 'Segura#2026' })).data['token']);
    // Ten links of $30.00 each: the balance pays three.
    const links = await Promise.all(Array.from({ length: 10 }, () => a.client.admin('POST', '/links', { amount: 30, taxAmount: 0, description: 'Saldo' })));
    const answers = await atOnce(10, (node, i) => node.client.api('/activity/pay', { sourceSearch: { paymentCode: String(links[i]?.data['code']) }, useFunds: true, trackId: randomUUID() }, token));
    const paid = answers.filter((r) => r.status === 200).length;
    record('wallet balance $100, 10 payments of $30', 10, 3, paid);
    expect(paid).toBe(3);
    const [user] = await a.server.db.query<{ balance_cents: number }>('select balance_cents from users where login = $1', [login]);
    expect(user?.balance_cents).toBe(1000);
  });

  it('pays a single-use link once from a wallet balance paying it at once', async () => {
    const login = `unico${Date.now()}`;
    await a.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567', balance: 500 });
    const token = String((await a.client.api('/users/login', { login, password: 'Segura#2026' })).data['token']);
    const code = await singleUseLink(20, 0);
    const answers = await atOnce(10, (node) => node.client.api('/activity/pay', { sourceSearch: { paymentCode: code }, useFunds: true, trackId: randomUUID() }, token));
    record('single-use link, 10 balance payments', 10, 1, answers.filter((r) => r.status === 200).length);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const [paid] = await a.server.db.query<{ cod_oper: string; method: string }>("select cod_oper, method from transactions where link_code = $1 and status = 1", [code]);
    for (const refused of answers.filter((r) => r.status !== 200)) expect([refused.status, refused.data]).toMatchObject([409, { code: 'request_already_paid', paidBy: paid?.cod_oper, paidWith: paid?.method }]);
    const [user] = await a.server.db.query<{ balance_cents: number }>('select balance_cents from users where login = $1', [login]);
    expect(user?.balance_cents).toBe(48_000);
  });

  it('activates a subscription once when 10 cards pay it at once', async () => {
    const [plan] = (await a.client.api('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const key = String((await a.client.api('/subscriptions', { idPlan: plan?.idPlan, email: 'plan@example.com' })).data['subscriptionKey']);
    const answers = await atOnce(10, async (node) => node.client.api(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x')).cardInformation, trackId: randomUUID() }));
    const charged = answers.filter((r) => r.status === 200 && r.data['status'] === 1).length;
    record('subscription activation, 10 cards', 10, 1, charged);
    expect(charged).toBe(1);
  });

  it('charges a subscription period once when it falls due with 10 readers and both nodes sweeping', async () => {
    const [plan] = (await a.client.api('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const key = String((await a.client.api('/subscriptions', { idPlan: plan?.idPlan, email: 'periodo@example.com' })).data['subscriptionKey']);
    expect((await b.client.api(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x')).cardInformation, trackId: randomUUID() })).data['status']).toBe(1);
    await a.server.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
    await atOnce(10, (node) => node.client.api(`/subscriptions/${key}`));
    // Both nodes' sweeps run every 25 ms meanwhile; a moment later, still one charge for the period.
    await new Promise((r) => setTimeout(r, 300));
    const [row] = await a.server.db.query<{ n: number }>("select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]);
    record('subscription period due, 10 readers + sweeps', 10, 1, row?.n ?? 0);
    expect(row?.n).toBe(1);
  });

  it('charges no period of a subscription after its cancel answered, with 10 readers and both nodes sweeping as it is cancelled', async () => {
    const merchant = await a.client.admin('POST', '/merchants', { name: 'Club que cancela' });
    const secretKey = String(merchant.data['secretKey']);
    const plan = await a.client.admin('POST', '/plans', { merchantId: merchant.data['idMerchant'], name: 'Mensual', amount: 12.34, period: 'MO' });
    const renewals = async (key: string) => (await a.server.db.query<{ n: number }>(
      "select count(*)::int as n from transactions where details->>'subscriptionKey' = $1 and details->>'renewal' = 'true'", [key]))[0]?.n ?? 0;
    const cancelOn = (node: TestNode, key: string) => fetch(`http://127.0.0.1:${node.port}/api/v1/merchant/subscriptions/${key}/cancel`, {
      method: 'POST', headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' }, body: '{}',
    });
    let claimedFirst = 0;
    for (let round = 0; round < 6; round++) {
      const key = String((await a.client.api('/subscriptions', { idPlan: plan.data['idPlan'], email: 'cancela@example.com' })).data['subscriptionKey']);
      expect((await b.client.api(`/subscriptions/${key}/pay`, { cardInformation: (await tokenizedCardPayload('x')).cardInformation, trackId: randomUUID() })).data['status']).toBe(1);
      const makeDue = () => a.server.db.query("update subscriptions set next_charge_at = now() - interval '1 minute' where subscription_key = $1", [key]);
      // Due before the cancel (the sweeps claim it first), or falling due as the cancel is sent.
      if (round % 2 === 0) await makeDue();
      // The cancel on one node as readers on both (and both nodes' 25 ms sweeps) find the period due.
      let afterCancel = -1;
      await Promise.all([
        round % 2 === 0 ? undefined : makeDue(),
        (async () => {
          const cancelled = await cancelOn(round % 2 === 0 ? a : b, key);
          expect(cancelled.status).toBe(200);
          afterCancel = await renewals(key);
        })(),
        atOnce(10, (node) => node.client.api(`/subscriptions/${key}`)),
      ]);
      // A moment of sweeps later, and the sandbox's due call: nothing more claimed.
      await new Promise((r) => setTimeout(r, 150));
      expect((await b.client.admin('POST', `/subscriptions/${key}/due`)).status).toBe(409);
      expect(afterCancel).toBeLessThanOrEqual(1);
      expect(await renewals(key)).toBe(afterCancel);
      claimedFirst += afterCancel;
      const [row] = await a.server.db.query<{ status: number; next_charge_at: Date | null }>('select status, next_charge_at from subscriptions where subscription_key = $1', [key]);
      expect(row).toEqual({ status: 2, next_charge_at: null });
    }
    record('subscription cancelled as its period falls due, 10 readers + sweeps (6 rounds: periods claimed before the cancel)', 6 * 11, 6, claimedFirst);
  });

  it("holds a card's payment at the duplicate rule's lock until an earlier one of that card commits, and then counts it", async () => {
    const card = testCardNumber(randomUUID());
    const [first, second] = await Promise.all([1, 2].map(() => a.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Duplicado' })));
    const paid = await a.client.api('/cards/auth-capture', await tokenizedCardPayload(String(first?.data['code']), { cardNumber: card }));
    expect(approvedCard(paid), JSON.stringify(paid.data)).toBe(true);
    const codOper = String(paid.data['codOper']);
    // Out of the 5-minute window, it no longer counts...
    await a.server.db.query("update transactions set created_at = now() - interval '10 minutes' where cod_oper = $1", [codOper]);
    // The rule's "same amount" is what the card was charged: amount, tax and donation.
    const [row] = await a.server.db.query<{ merchant_id: number; card_fingerprint: string; charged_cents: number }>(
      'select merchant_id, card_fingerprint, amount_cents + tax_cents + campaign_cents as charged_cents from transactions where cod_oper = $1', [codOper]);
    if (!row) throw new Error('the first payment is not recorded');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    // ...until a transaction holding the rule's lock for that card and amount brings it back, committed later.
    const holder = a.server.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [duplicateLockKey({ merchantId: row.merchant_id, cardFingerprint: row.card_fingerprint, amountCents: row.charged_cents })]);
      await tx.query('update transactions set created_at = now() where cod_oper = $1', [codOper]);
      locked();
      await released;
    });
    await lockHeld;
    let answered = false;
    const again = b.client.api('/cards/auth-capture', await tokenizedCardPayload(String(second?.data['code']), { cardNumber: card })).finally(() => (answered = true));
    // The other node's attempt waits at the lock (its one statement), whatever the machine's speed. Only
    // this lock's waiters count: other test files' schemas migrate under an advisory lock of their own.
    const key = duplicateLockKey({ merchantId: row.merchant_id, cardFingerprint: row.card_fingerprint, amountCents: row.charged_cents });
    const waiting = async () => (await a.server.db.query<{ n: number }>(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and objsubid = 1
          and ((classid::bigint << 32) | objid::bigint) = hashtext($1)::bigint`, [key]))[0]?.n ?? 0;
    for (const deadline = Date.now() + 20_000; (await waiting()) === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 20));
    expect(await waiting(), 'a payment of the same card waits at the duplicate rule\'s lock').toBe(1);
    expect(answered).toBe(false);
    release();
    await holder;
    // Read after the lock, it sees what the lock's holder committed.
    expect(await again).toMatchObject({ status: 409, data: { code: 'possible_duplicated_tx' } });
  });

  it('lets one card through the duplicate rule when it pays 10 links at once', async () => {
    const links = await Promise.all(Array.from({ length: 10 }, () => a.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Duplicado' })));
    const card = testCardNumber(randomUUID());
    const answers = await atOnce(10, async (node, i) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(String(links[i]?.data['code']), { cardNumber: card })));
    record('duplicate rule, 1 card on 10 links', 10, 1, answers.filter(approvedCard).length);
    expect(answers.filter(approvedCard)).toHaveLength(1);
    expect(answers.filter((r) => r.data['code'] === 'possible_duplicated_tx')).toHaveLength(9);
  });

  it("spends a typed card's token on one payment when it pays 10 links at once, its facts read from the token's seal", async () => {
    const links = await Promise.all(Array.from({ length: 10 }, () => a.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Un token' })));
    const first = await tokenizedCardPayload(String(links[0]?.data['code']), { cardNumber: testCardNumber(randomUUID()) });
    // tryAgain: the duplicate rule makes no check, so only the token's one use decides.
    const bodies = await Promise.all(links.map(async (link) => {
      const body = await tokenizedCardPayload(String(link?.data['code']));
      return { ...body, tryAgain: true, cardInformation: { ...body.cardInformation, cardNumber: first.cardInformation.cardNumber } };
    }));
    const answers = await atOnce(10, (node, i) => node.client.api('/cards/auth-capture', bodies[i]));
    record('card token, 1 token on 10 links', 10, 1, answers.filter(approvedCard).length);
    expect(answers.filter(approvedCard), JSON.stringify(answers.map((r) => r.data['code'] ?? r.data['status']))).toHaveLength(1);
    expect(answers.filter((r) => r.status === 400 && r.data['code'] === 'invalid_cvc')).toHaveLength(9);
    const codes = links.map((link) => String(link?.data['code']));
    expect(await a.server.db.query('select 1 from transactions where link_code = any($1::text[])', [codes])).toHaveLength(1);
  });

  it("spends a typed card's token once when a payment, two subscriptions' first payments and two wallet card checks send it at once", async () => {
    const link = await a.client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Un token, tres usos' });
    const payment = await tokenizedCardPayload(String(link.data['code']), { cardNumber: testCardNumber(randomUUID()) });
    const [plan] = (await a.client.api('/merchants/1/plans')).data['plans'] as Array<{ idPlan: number }>;
    const keys = await Promise.all([0, 1].map(async () => String((await a.client.api('/subscriptions', { idPlan: plan?.idPlan, email: 'plan@example.com' })).data['subscriptionKey'])));
    const login = `token${Date.now()}`;
    await a.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567' });
    const session = String((await a.client.api('/users/login', { login, password: 'Segura#2026' })).data['token']);
    const registration = { cardNumber: payment.cardInformation.cardNumber, expMonth: '12', expYear: '34', nameOnCard: 'ANA PRUEBA' };
    const uses: Array<(node: TestNode) => Promise<NodeAnswer>> = [
      // tryAgain: the duplicate rule makes no check, so only the token's one use decides.
      (node) => node.client.api('/cards/auth-capture', { ...payment, tryAgain: true }),
      ...keys.map((key) => (node: TestNode) => node.client.api(`/subscriptions/${key}/pay`, { cardInformation: payment.cardInformation, trackId: randomUUID() })),
      ...[0, 1].map(() => (node: TestNode) => node.client.api('/users/me/cards', { ...registration, trackId: randomUUID() }, session)),
    ];
    const answers = await atOnce(uses.length, (node, i) => uses[i]!(node));
    const spent = (r: NodeAnswer) => r.status === 400 && r.data['code'] === 'invalid_cvc';
    const passed = answers.filter((r) => !spent(r));
    record('card token, 1 token on a payment, 2 subscriptions and 2 card checks', uses.length, 1, passed.filter((r) => r.status === 200 && r.data['status'] === 1).length);
    expect(passed, JSON.stringify(answers.map((r) => [r.status, r.data['code'] ?? r.data['status']]))).toHaveLength(1);
    expect(passed[0]).toMatchObject({ status: 200, data: { status: 1 } });
    const recorded = await a.server.db.query<{ n: number }>(
      `select (select count(*) from transactions where link_code = $1 or details ->> 'subscriptionKey' = any($2::text[]))::int
            + (select count(*) from card_checks c join users u on u.id = c.user_id where u.login = $3)::int as n`,
      [String(link.data['code']), keys, login],
    );
    expect(recorded[0]?.n).toBe(1);
  });

  it('leaves or completes a 3DS challenge, never both, when the payer leaves it on one node as it is completed on the other', async () => {
    const outcomes: string[] = [];
    // The merchant listens, so its outbox records what it would hear about each payment.
    const [merchant] = await a.server.db.query<{ webhook_url: string | null }>('select webhook_url from merchants where id = 1');
    await a.server.db.query("update merchants set webhook_url = 'https://shop.example/hooks' where id = 1");
    for (let round = 0; round < 8; round++) {
      const amount = 70 + round;
      const link = await a.client.admin('POST', '/links', { amount, taxAmount: 0, description: '3DS dejado' });
      const code = String(link.data['code']);
      const started = await a.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount, taxAmount: 0 }));
      expect(started.data, JSON.stringify(started)).toMatchObject({ status: -1, authStatus: 'PENDING_3DS' });
      const codOper = String(started.data['codOper']);
      // The payer presses "Pagar con otra tarjeta" in the checkout (one node) as a stale tab approves the challenge (the other).
      const [left, completed] = await Promise.all([
        // Staggered by a few milliseconds so that either may get there first.
        new Promise((r) => setTimeout(r, (round % 4) * 6)).then(() => (round % 2 ? b : a).client.api(`/cards/payments/${codOper}/abandon`, {})),
        fetch(`${(round % 2 ? a : b).server.url}/sandbox/3ds/${codOper}`, {
          method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'result=approve',
        }).then(async (res) => ({ status: res.status, data: (await res.json()) as Record<string, unknown> })),
      ]);
      const [row] = await a.server.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]);
      const book = await cluster.simulator?.books.read<unknown, { status?: string; voided?: boolean; refundedCents?: number }>('card', codOper);
      const charged = { n: book && book.state.status === 'approved' && !book.state.voided && !book.state.refundedCents ? 1 : 0 };
      const heard = (await a.server.db.query<{ said: string }>(
        "select status || ' ' || auth_status || coalesce(' ' || cancel_reason, '') as said from webhook_events where cod_oper = $1", [codOper])).map((e) => e.said).sort();
      const outcome = row?.status === 1 ? 'approved' : 'left';
      // The merchant hears the challenge, then one end: the approval or the payer leaving, never both.
      expect(heard, JSON.stringify({ round, heard })).toEqual(['-1 PENDING_3DS', outcome === 'approved' ? '1 APPROVED' : '0 CANCELLED payer'].sort());
      outcomes.push(outcome);
      const seen = JSON.stringify({ round, row, left, completed, charged });
      if (outcome === 'approved') {
        // The challenge won: the payer's leave answers its receipt, and the card is charged once.
        expect(left.data, seen).toMatchObject({ status: 1, authStatus: 'APPROVED' });
        expect([completed.status, completed.data['status']], seen).toEqual([200, 1]);
        expect(charged?.n, seen).toBe(1);
      } else {
        // The leave won: the challenge is refused and nothing stays charged.
        expect(row, seen).toEqual({ status: 0, auth_status: 'CANCELLED' });
        expect(left.data, seen).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
        expect([completed.status, completed.data['code']], seen).toEqual([409, 'challenge_abandoned']);
        expect(charged?.n, seen).toBe(0);
      }
      record('3DS challenge left and completed at once', 2, 1, (charged?.n ?? 0) + (left.data['status'] === 1 && outcome === 'left' ? 1 : 0));
    }
    await a.server.db.query('update merchants set webhook_url = $1 where id = 1', [merchant?.webhook_url ?? null]);
    console.log(`3DS left and completed at once, 8 rounds: ${outcomes.join(', ')}`);
  });

  it.each([
    { target: 'single-use link', emailed: false },
    { target: 'e-mailed payment request', emailed: true },
  ])('leaves nothing payable and takes one payment when card, Nequi, Yappy, cash, Clave and crypto attempts meet on a $target, 20 rounds', async ({ target, emailed }) => {
    const rounds = 20;
    const [amount, taxAmount] = emailed ? [40, 2.8] : [25, 1.75];
    const total = Math.round((amount + taxAmount) * 100);
    const row = { target, rounds, attempts: {} as Record<string, number>, paid: 0, taken: 0, givenBack: 0, owed: 0, live: 0 };
    // The outside parties as the simulator plays them (the kiosk, the bank's page, the phone, the chain), at the nodes' simulator.
    const outside = httpGateways(String(cluster.simulator?.url), { apiSecret: TEST_SIMULATOR_API_SECRET });
    const deps = { db: a.server.db, gateways: outside.gateways };
    for (let round = 0; round < rounds; round++) {
      const code = emailed
        ? String((await a.client.admin('POST', '/email-payments', { to: `ronda${round}@example.com`, amount, taxAmount, description: 'Pedido por correo' })).data['code'])
        : await singleUseLink(amount, taxAmount);
      // 12 requests at once, every other one on the other node: cards that approve at once, a 3DS card,
      // phones that never answer by themselves, vouchers, Clave pages, a crypto address.
      const answers = await atOnce(MIXED_REQUESTS.length, (node, i) => startAttempt(node, MIXED_REQUESTS[i] ?? 'card', code, amount, taxAmount));
      const seen = JSON.stringify({ round, answers: answers.map((r, i) => [MIXED_REQUESTS[i], r.status, r.data['code'] ?? r.data['status']]) });
      // Each request is an attempt, or refused because the link is paid; nothing else (no 5xx).
      for (const answer of answers) expect(answer.status === 200 || (answer.status === 409 && answer.data['code'] === 'request_already_paid'), seen).toBe(true);
      expect(await paidOn(code), seen).toBe(1);
      const attempts = await a.server.db.query<{ cod_oper: string; method: string; status: number; auth_status: string; details: Record<string, unknown>; card_last4: string | null }>(
        'select cod_oper, method, status, auth_status, details, card_last4 from transactions where link_code = $1 order by id', [code]);
      for (const t of attempts) {
        const kind = t.method === 'card' && t.card_last4 === '3220' ? '3ds' : t.method;
        row.attempts[kind] = (row.attempts[kind] ?? 0) + 1;
      }
      // Nothing the payer could still pay is left at a gateway: every voucher, page, push and challenge that lost is withdrawn.
      const live = await liveAtGateway(attempts.filter((t) => t.status !== 1).map((t) => t.cod_oper));
      row.live += live.length;
      expect(live, seen).toEqual([]);
      // A tester plays every outside party on every attempt that lost: the settle calls, then the parties themselves.
      for (const lost of attempts.filter((t) => t.status !== 1)) {
        const method = lost.method === 'card' ? '3ds' : lost.method;
        if (lost.method === 'card' && lost.card_last4 !== '3220') continue;
        expect(await settle(round % 2 ? a : b, method, lost.cod_oper), `${seen} ${method} ${lost.cod_oper}`).toBe(false);
        const news = await playOutsideParty(outside, lost.method, lost.cod_oper, lost.details);
        if (news) await receiveGatewayEvent(deps, news);
      }
      const money = await moneyOf(await a.server.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]), total);
      const after = await a.server.db.query<{ cod_oper: string; method: string; status: number; auth_status: string; details: Record<string, unknown> }>(
        'select cod_oper, method, status, auth_status, details from transactions where link_code = $1', [code]);
      const owed = after.reduce((sum, t) => sum + owedToPayerCentsOf(t), 0);
      const books = JSON.stringify({ rows: after.map((t) => [t.method, t.status, t.auth_status, t.details['owedToPayer']]), books: await booksOf(after.map((t) => t.cod_oper)) });
      row.paid += await paidOn(code);
      row.taken += money.taken;
      row.givenBack += money.givenBack;
      row.owed += owed;
      // One payment taken for the round; every extra given back or shown owed to the payer.
      expect({ kept: money.taken - money.givenBack - owed }, `${seen} ${JSON.stringify({ money, owed })} ${books}`).toEqual({ kept: total });
    }
    moneyTable.push(row);
    record(`${target}, card + 3DS + Nequi + Yappy + cash + Clave + crypto at once, ${rounds} rounds`, MIXED_REQUESTS.length * rounds, rounds, row.paid);
  }, 600_000);

  it('pays a cash voucher once when the kiosk pays it 10 times at once', async () => {
    const link = await a.client.admin('POST', '/links', { amount: 12, taxAmount: 0, description: 'Vale' });
    const voucher = await pendingPayment(a, 'cash', String(link.data['code']));
    const answers = await atOnce(10, (node) => node.client.admin('POST', `/cash/${voucher}/pay`, {}));
    record('cash voucher paid at a kiosk, 10 times', 10, 1, answers.filter((r) => r.status === 200).length);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const mails = await a.server.db.query("select 1 from mailbox where kind = 'receipt' and body like $1", [`%${voucher}%`]);
    expect(mails).toHaveLength(1);
  });

  it('locks an account after five wrong passwords, however many arrive at once', async () => {
    const login = `clave${Date.now()}`;
    await a.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567' });
    const answers = await atOnce(40, (node, i) => node.client.api('/users/login', { login, password: `Adivina#${i}` }));
    const checked = answers.filter((r) => r.status === 400).length;
    record('login lockout, 40 wrong passwords', 40, 5, checked);
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.status === 423).length).toBe(40 - checked);
    const right = await b.client.api('/users/login', { login, password: 'Segura#2026' });
    expect([right.status, right.data['code']]).toEqual([423, 'account_temp_suspended']);
  });

  it('mails at most 5 payment requests to one address, and 20 a day from one account, however many arrive at once', async () => {
    const login = `pide${Date.now()}`;
    await a.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567' });
    const token = String((await a.client.api('/users/login', { login, password: 'Segura#2026' })).data['token']);
    const target = `blanco${Date.now()}@victim.example`;
    const toOne = await atOnce(40, (node, i) => node.client.api('/activity/send', { to: target, amount: 1, description: `Pedido ${i}` }, token));
    const sent = toOne.filter((r) => r.status === 200).length;
    record('payment requests to one address, 40 at once', 40, 5, sent);
    expect(sent).toBe(5);
    expect(toOne.filter((r) => r.status === 429 && r.data['code'] === 'too_many_emails')).toHaveLength(35);
    expect(await a.server.db.query('select 1 from mailbox where to_email = $1', [target])).toHaveLength(5);
    // The account has 15 of its day left: 40 to as many addresses, at once.
    const toMany = await atOnce(40, (node, i) => node.client.api('/activity/send', { to: `amigo${i}.${target}`, amount: 1 }, token));
    const more = toMany.filter((r) => r.status === 200).length;
    record('payment requests from one account, 40 at once to 40 addresses after 5', 40, 15, more);
    expect(more).toBe(15);
    expect(toMany.filter((r) => r.status === 429 && r.data['code'] === 'too_many_payment_requests')).toHaveLength(25);
  });

  it('mails at most 5 sign-up codes to one address, however many ask at once', async () => {
    const email = `alta${Date.now()}@victim.example`;
    const answers = await atOnce(40, (node) => node.client.api('/users/register', { email, name: 'Ana', lastname: 'Rojas', phone: '+50761234567', pwd: 'Segura#2026' }));
    const mailed = answers.filter((r) => r.status === 200).length;
    record('sign-up codes to one address, 40 at once', 40, 5, mailed);
    expect(mailed).toBe(5);
    expect(answers.filter((r) => r.status === 429 && r.data['code'] === 'too_many_emails')).toHaveLength(35);
    expect(await a.server.db.query('select 1 from mailbox where to_email = $1', [email])).toHaveLength(5);
  });

  it('a waiting sign-up\'s code, sent with its handle 20 times at once to two nodes, creates one account; sent again 20 times at once, one live code', async () => {
    const email = `espera${Date.now()}@example.com`;
    const registrationId = (await a.client.api('/users/register', { email, name: 'Ana', lastname: 'Rojas', phone: '+50761234567', pwd: 'Segura#2026' })).data['registrationId'];
    const newestCode = async () => {
      const mail = await a.client.admin('GET', `/mailbox?to=${encodeURIComponent(email)}`);
      return /\b(\d{6})\b/.exec(String((mail.data['messages'] as Array<{ body: string }>)[0]?.body))?.[1] ?? '';
    };
    const resent = await atOnce(20, (node) => node.client.api('/users/register', { registrationId }));
    // Each live code is ended by one conditional write: a call that finds none waiting sends nothing, and
    // the address's 5 e-mails of the hour (step 1's among them) bound the rest.
    const sentAgain = resent.filter((r) => r.status === 200).length;
    expect(sentAgain).toBeGreaterThanOrEqual(1);
    expect(sentAgain).toBeLessThanOrEqual(4);
    expect(resent.filter((r) => r.status !== 200).map((r) => r.data['code']).every((c) => c === 'request_expired' || c === 'too_many_emails')).toBe(true);
    expect(await a.server.db.query('select 1 from mailbox where to_email = $1', [email])).toHaveLength(1 + sentAgain);
    const live = await a.server.db.query(`select 1 from verification_codes where purpose = 'register' and payload->>'handle' = $1 and not used and expires_at > now()`, [registrationId]);
    expect(live).toHaveLength(1);
    const code = await newestCode();
    const answers = await atOnce(20, (node) => node.client.api('/users/register', { registrationId, emailCode: code }));
    const created = answers.filter((r) => r.status === 200).length;
    record('sign-up confirmed by its handle, 20 at once', 20, 1, created);
    expect(created).toBe(1);
    expect(await a.server.db.query('select 1 from users where email = $1', [email])).toHaveLength(1);
  });

  it('refuses the right recovery code sent among 40 wrong ones once five were tried', async () => {
    const login = `recupera${Date.now()}`;
    const email = `${login}@example.com`;
    await a.client.admin('POST', '/users', { email, login, password: 'Segura#2026', name: 'Ana', lastname: 'Rojas', phone: '+50761234567' });
    const idUsr = (await a.client.api('/users/recovery-password', { loginOrEmail: email })).data['idUsr'];
    const mail = await a.client.admin('GET', `/mailbox?to=${encodeURIComponent(email)}`);
    const code = /\b(\d{6})\b/.exec(String((mail.data['messages'] as Array<{ body: string }>)[0]?.body))?.[1] ?? '';
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    // The right one last, behind 40 wrong ones: it may pass only if it came among the first five tries.
    const answers = await atOnce(41, (node, i) => node.client.api('/users/recovery-password', { idUsr, confirmationCode: i === 40 ? code : wrong(i) }));
    const accepted = answers.filter((r) => r.status === 200).length;
    record('recovery code, 40 wrong + the right one', 41, 0, accepted);
    // Refused: as a wrong try among the first five, else as one past the limit (429 code_tries_exceeded).
    expect(answers[40]?.status === 400 || answers[40]?.status === 429).toBe(true);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(41 - 5);
    const again = await b.client.api('/users/recovery-password', { idUsr, confirmationCode: code });
    expect([again.status, again.data['code']]).toEqual([429, 'code_tries_exceeded']);
  });
});
