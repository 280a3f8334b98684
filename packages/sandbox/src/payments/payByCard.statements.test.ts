import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionOptions } from '../db/Database';
import { cardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../test/testApp';

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

// One shape for the money path: the attempt is recorded, then the card processor is asked with the
// attempt's key, then its answer is recorded, and only then the receipt e-mail is written.
describe('statements per card payment', () => {
  it('an approved guest payment: the look-up, the attempt, the processor, the outcome (one statement, conditional), the receipt', async () => {
    const link = await newLink(t);
    const { status, data, statements } = await countPayment(cardPayload(link));
    expect(status).toBe(200);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const attempt = at(/insert into transactions/);
    const processor = at(/^processor: card authorize$/);
    const outcome = at(/update transactions (t )?set status/);
    const receipt = at(/insert into mailbox/);
    expect([attempt, processor, outcome, receipt].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(attempt).toBeLessThan(processor);
    expect(processor).toBeLessThan(outcome);
    expect(outcome).toBeLessThan(receipt);
    // On a reusable link the outcome is one conditional statement, written only while the attempt is
    // as it was recorded (store/transactions.ts writeOutcomeIfUnchanged), no lock held across calls;
    // an approval enters the merchant's books in its transaction (the merchant's prices, the line).
    expect(statements[outcome]).toMatch(/where t\.cod_oper = \$1 and t\.status = \$8 and t\.auth_status = \$9/);
    expect(statements.slice(outcome - 1, outcome + 4).map((sql) => sql.split('\n')[0]?.trim().slice(0, 40))).toEqual([
      'begin', expect.stringMatching(/^update transactions t set status/), expect.stringMatching(/^select method, percent_bps/), expect.stringMatching(/^insert into balance_transactions/), 'commit',
    ]);
    // The look-up, the attempt (PostgreSQL: in BEGIN and lock ... COMMIT), the processor, the outcome and its line, the receipt e-mail.
    expect(statements, statements.join('\n')).toHaveLength(t.db.kind === 'pglite' ? 9 : 11);
    // The receipt names the payment's operation code.
    const codOper = (data as { codOper: string }).codOper;
    const mails = await t.db.query<{ body: string }>('select body from mailbox where kind = $1 and position($2 in body) > 0', ['receipt', codOper]);
    expect(mails).toHaveLength(1);
  });
  it('a payment of a single-use link: its outcome takes the locked way (the link before the payment), which claims the link', async () => {
    const link = await newLink(t, { singleUse: true });
    const { status, statements } = await countPayment(cardPayload(link));
    expect(status).toBe(200);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const conditional = at(/where t\.cod_oper = \$1 and t\.status = \$8/);
    const linkLock = at(/and l\.single_use for update of l/);
    const rowLock = at(/from transactions where cod_oper = \$1 for update/);
    const claim = at(/update payment_links/);
    const outcome = at(/update transactions (t )?set status/);
    expect(conditional, statements.join('\n')).toBe(-1);
    expect([linkLock, rowLock, claim, outcome].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(linkLock).toBeLessThan(rowLock);
    expect(rowLock).toBeLessThan(claim);
    expect(claim).toBeLessThan(outcome);
  });
  it('a repeated trackId: 2 (the look-up, which reads the link and merchant its receipt shows, and the first row)', async () => {
    const link = await newLink(t);
    const body = cardPayload(link);
    await countPayment(body);
    const { status, statements } = await countPayment(body);
    expect(status).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(2);
  });
  it('a duplicate: the look-up and the duplicate check, which writes nothing (PostgreSQL: in BEGIN and lock ... COMMIT)', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    await countPayment(cardPayload(link, { cardNumber }));
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from mailbox');
    const { status, statements } = await countPayment(cardPayload(link, { cardNumber }));
    expect(status).toBe(409);
    expect(statements, statements.join('\n')).toHaveLength(t.db.kind === 'pglite' ? 2 : 4);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).toEqual(before);
  });
});
