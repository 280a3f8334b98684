import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { statementLog, unflushedCommits, writingCommits } from '../../test/statementLog';
import { tokenizedCardPayload, createTestApp, savedTestCard, testCardNumber, type TestApp } from '../../test/testApp';

// Issue 91: what each method's payment, a refund and a capture cost the database, pinned, so that
// a statement or a commit added fails here (on PGlite, and on PostgreSQL with TEST_DATABASE_URL).
// Each writes an attempt (or the amount it asks for) committed before the processor's call and its
// outcome committed after it: two commits, no NOTIFY inside either (the node announces after them).

let t: TestApp;
let api: MerchantApiClient;
let log: ReturnType<typeof statementLog>;
let key = '';
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
  log = statementLog(t);
  key = String((await t.admin('POST', '/merchants', { name: 'Capacidad S.A.', webhookUrl: 'http://127.0.0.1:9/webhooks' })).json['secretKey']);
});
afterAll(() => t.close());

async function newLink(manual = false): Promise<string> {
  const res = await api.call('POST', '/payment-links', { key, body: { amount: 20, taxAmount: 0, description: 'Pedido', ...(manual ? { captureMethod: 'manual' } : {}) } });
  return String(res.json['code']);
}

function expectCost(sent: { statements: string[]; announcements: string[] }, cost: { statements: number; writingCommits: number; unflushedCommits?: number }) {
  const trace = sent.statements.join('\n---\n');
  expect(sent.statements.filter((sql) => /pg_notify/.test(sql)), trace).toEqual([]);
  expect(writingCommits(sent.statements), trace).toBe(cost.writingCommits);
  expect(unflushedCommits(sent.statements), trace).toBe(cost.unflushedCommits ?? 0);
  expect(sent.statements, trace).toHaveLength(cost.statements);
}

describe('statements and commits per payment, per method', () => {
  it('a saved card (the wallet user pays a link with a card kept in the wallet)', async () => {
    const login = `u${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', cards: [savedTestCard(testCardNumber(randomUUID()))] });
    const token = String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token']);
    const auth = { authorization: `Bearer ${token}` };
    const [saved] = (await t.get('/users/me/cards', auth)).data['cards'] as Array<{ idRelCard: number }>;
    const code = await newLink();
    const sent = await log.during(() => t.post('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard: saved?.idRelCard, trackId: randomUUID() }, auth));
    expect(sent.result.status).toBe(200);
    expectCost(sent, { statements: SAVED_CARD, writingCommits: 2 });
  });

  it('a typed card', async () => {
    const code = await newLink();
    const body = await tokenizedCardPayload(code, { amount: 20, taxAmount: 0 });
    const sent = await log.during(() => t.post('/cards/auth-capture', body));
    expect(sent.result.status).toBe(200);
    expectCost(sent, { statements: CARD, writingCommits: 2 });
  });

  it('Nequi: the push asked (its attempt, then waiting), then the phone\'s answer settles it', async () => {
    const code = await newLink();
    const asked = await log.during(() => t.post('/nequi/push', { code, phone: '61111111', email: 'p@example.com', trackId: randomUUID() }));
    expect(asked.result.status).toBe(200);
    expectCost(asked, { statements: NEQUI_PUSH, writingCommits: 2 });
    const answered = await log.during(() => t.answerPhones());
    expectCost(answered, { statements: NEQUI_ANSWER, writingCommits: 1 });
  });

  it('a cash voucher: its attempt, then its voucher number', async () => {
    const code = await newLink();
    const sent = await log.during(() => t.post('/cash/pay-cash', { code, phone: '61111111', email: 'p@example.com', trackId: randomUUID() }));
    expect(sent.result.status).toBe(200);
    expectCost(sent, { statements: CASH, writingCommits: CASH_COMMITS });
  });

  // The merchant API's Idempotency-Key (every POST has one) adds its claim before and its stored
  // answer after: two statements of their own, each committed without waiting for the WAL flush
  // (store/idempotencyKeys.ts; docs/merchant-api.md "Idempotency"), counted apart.
  // A refund: the merchant's key; BEGIN, the payment locked with its refunds and disputes read after
  // the lock (one statement: migration 100's function), the refund inserted holding its part,
  // COMMIT; the processor's call; BEGIN, the refund made with its reference, the payment's refunded
  // amount and what its books line is measured from (one statement, the refund lines before it read
  // after the payment's lock), its books line (core refundedFeeCents), COMMIT; the answer's one read.
  it('a refund: recorded and held, asked, its outcome with its books line', async () => {
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(), { amount: 20, taxAmount: 0 }));
    const sent = await log.during(() => api.call('POST', `/transactions/${String(paid.data['codOper'])}/refunds`, { key }));
    expect(sent.result.status).toBe(201);
    expectCost(sent, { statements: REFUND + IDEMPOTENCY, writingCommits: 2, unflushedCommits: 2 });
  });

  it('a capture of a hold: the amount recorded, asked, booked', async () => {
    const paid = await t.post('/cards/auth-capture', { ...(await tokenizedCardPayload(await newLink(true), { amount: 20, taxAmount: 0 })), transactionsType: 'AUTH' });
    expect(paid.status, JSON.stringify(paid.data)).toBe(200);
    const sent = await log.during(() => api.call('POST', `/transactions/${String(paid.data['codOper'])}/capture`, { key }));
    expect(sent.result.status).toBe(200);
    expectCost(sent, { statements: CAPTURE + IDEMPOTENCY, writingCommits: 2, unflushedCommits: 2 });
  });
});

const SAVED_CARD = 4;
const CARD = 3;
const NEQUI_PUSH = 3;
const NEQUI_ANSWER = 5;
const CASH = 3;
const CASH_COMMITS = 2;
const REFUND = 10;
const CAPTURE = 8;
/** The key claimed (one statement) and the answer stored. */
const IDEMPOTENCY = 2;
