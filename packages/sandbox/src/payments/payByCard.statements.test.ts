import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionOptions } from '../db/Database';
import { tokenizedCardPayload, createTestApp, freshCaptchaToken, newLink, testCardNumber, type TestApp } from '../../test/testApp';

// The statements a card payment sends, in order, BEGIN and COMMIT (or ROLLBACK) of a transaction
// included; on PostgreSQL a transaction's advisory lock goes with its BEGIN, in the same round trip.
// The card processor's authorization (a call to the simulator, no statement) is marked among them.

let t: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: (gateways) => ({
      ...gateways,
      card: { ...gateways.card, authorize: (request) => (statements.push('processor: card authorize'), gateways.card.authorize(request)) },
    }),
  });
  const query = t.db.query.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    query: (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    },
    transaction: async <T>(fn: (tx: Transaction) => Promise<T>, options?: TransactionOptions) => {
      statements.push(options?.advisoryLock !== undefined && t.db.kind === 'postgres' ? 'begin; select pg_advisory_xact_lock(...)' : 'begin');
      try {
        const result = await transaction((tx) => fn({
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
          exec: (sql) => {
            statements.push(sql);
            return tx.exec(sql);
          },
        }), options);
        statements.push('commit');
        return result;
      } catch (error) {
        statements.push('rollback');
        throw error;
      }
    },
  });
});
afterAll(() => t.close());

async function countPayment(body: Record<string, unknown>) {
  statements = [];
  const res = await t.post('/cards/auth-capture', body);
  return { status: res.status, data: res.data, statements: [...statements] };
}

// One shape for the money path, every method's: the look-ups and checks, the attempt recorded, the
// card processor asked with the attempt's key, its answer recorded by settlePayment (the row locked,
// in a transaction), and only then the receipt e-mail.
describe('statements per card payment', () => {
  it('an approved guest payment: the look-ups, the attempt, the processor, the outcome (settlePayment), the receipt', async () => {
    const link = await newLink(t);
    const { status, data, statements } = await countPayment(await tokenizedCardPayload(link));
    expect(status).toBe(200);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const attempt = at(/insert into transactions/);
    const processor = at(/^processor: card authorize$/);
    const rowLock = at(/from transactions where cod_oper = \$1 for update/);
    const outcome = at(/update transactions (t )?set status/);
    const receipt = at(/insert into mailbox/);
    expect([attempt, processor, rowLock, outcome, receipt].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(attempt).toBeLessThan(processor);
    expect(processor).toBeLessThan(rowLock);
    expect(rowLock).toBeLessThan(outcome);
    expect(outcome).toBeLessThan(receipt);
    const booksLine = at(/insert into balance_transactions/);
    expect(outcome).toBeLessThan(booksLine);
    expect(booksLine).toBeLessThan(receipt);
    expect(statements, statements.join('\n')).toHaveLength(t.db.kind === 'pglite' ? APPROVED_PGLITE : APPROVED_PGLITE + 2);
    // The receipt names the payment's operation code.
    const codOper = (data as { codOper: string }).codOper;
    const mails = await t.db.query<{ body: string }>('select body from mailbox where kind = $1 and position($2 in body) > 0', ['receipt', codOper]);
    expect(mails).toHaveLength(1);
  });
  it('a payment of a single-use link: its outcome locks the link before the payment, and claims the link', async () => {
    const link = await newLink(t, { singleUse: true });
    const { status, statements } = await countPayment(await tokenizedCardPayload(link));
    expect(status).toBe(200);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const linkLock = at(/and l\.single_use for update of l/);
    const rowLock = at(/from transactions where cod_oper = \$1 for update/);
    const claim = at(/update payment_links/);
    const outcome = at(/update transactions (t )?set status/);
    expect([linkLock, rowLock, claim, outcome].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(linkLock).toBeLessThan(rowLock);
    expect(rowLock).toBeLessThan(claim);
    expect(claim).toBeLessThan(outcome);
  });
  it('a repeated trackId: the first row, then its merchant and link for the receipt it shows; nothing written', async () => {
    const link = await newLink(t);
    const sent = await tokenizedCardPayload(link);
    // Sent again as it was, its captcha token too (a retry of the same request).
    const body = { ...sent, additionalData: { ...sent.additionalData, captchaToken: freshCaptchaToken() } };
    await countPayment(body);
    const { status, statements } = await countPayment(body);
    expect(status).toBe(200);
    // The captcha's read (the token spent by this same request) and the first payment's three.
    expect(statements, statements.join('\n')).toHaveLength(4);
    expect(statements.some((sql) => /^(insert|update|delete)/.test(sql.trim())), statements.join('\n')).toBe(false);
  });
  it('a duplicate: the look-ups and the duplicate check, which writes nothing (PostgreSQL: in BEGIN and lock ... COMMIT)', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from mailbox');
    const { status, statements } = await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    expect(status).toBe(409);
    // The captcha's read and its token spent (a token counts once), then five (PostgreSQL: seven).
    expect(statements, statements.join('\n')).toHaveLength(t.db.kind === 'pglite' ? 7 : 9);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).toEqual(before);
  });
});

/**
 * An approved guest payment on PGlite: the captcha (its merchant and the token's earlier use in one
 * read; the token spent), the trackId, link, merchant and its services, the attempt,
 * the processor, settlePayment's transaction with the payment's line in the merchant's books (its
 * prices, the line), the receipt.
 */
const APPROVED_PGLITE = 16;
