import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable, Transaction, TransactionOptions } from '../db/Database';
import { writingCommits } from '../../test/statementLog';
import { tokenizedCardPayload, createTestApp, freshCaptchaToken, newLink, testCardNumber, type TestApp } from '../../test/testApp';

// The statements a card payment sends, in order, BEGIN and COMMIT (or ROLLBACK) of a transaction
// included; on PostgreSQL a transaction's advisory lock goes with its BEGIN, in the same round trip.
// The card processor's authorization (a call to the simulator, no statement) is marked among them.

let t: TestApp;
let statements: string[] = [];
/** The node's announcements after the commits (changes/announcements.ts), batched: not the payment's own. */
let announcements: string[] = [];
/** The advisory locks asked for (Database.oneStatementLocked), by their rule's name. */
let locks: string[] = [];
const ANNOUNCEMENT = /pg_notify\(channel \|\| coalesce\(current_schema\(\)/;

beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: (gateways) => ({
      ...gateways,
      card: { ...gateways.card, authorize: (request) => (statements.push('processor: card authorize'), gateways.card.authorize(request)) },
    }),
  });
  const query = t.db.query.bind(t.db);
  const oneStatementLocked = t.db.oneStatementLocked.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    oneStatementLocked: <T>(key: string, fn: (db: Queryable) => Promise<T>) => {
      locks.push(key.split(':')[0] ?? key);
      return oneStatementLocked(key, fn);
    },
    query: (sql: string, params?: readonly unknown[]) => {
      (ANNOUNCEMENT.test(sql) ? announcements : statements).push(sql);
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
  announcements = [];
  locks = [];
  const res = await t.post('/cards/auth-capture', body);
  // The announcements go out in the turn after the commit that made them.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { status: res.status, data: res.data, statements: [...statements], announcements: [...announcements], locks: [...locks] };
}

// One shape for the money path, every method's (issue 91): the look-ups and checks, the attempt
// recorded with the captcha token's spend in one statement (one commit), the card processor asked
// with the attempt's key, its answer recorded by settlePayment with its books line and receipt
// e-mail in one transaction (the second commit); every node told after each commit.
describe('statements per card payment', () => {
  it('an approved guest payment: the look-ups, the attempt, the processor, the outcome with its books line and receipt (settlePayment)', async () => {
    const link = await newLink(t);
    const { status, data, statements, announcements } = await countPayment(await tokenizedCardPayload(link));
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
    // The captcha token is spent by the attempt's own statement.
    expect(statements[attempt], statements[attempt]).toMatch(/insert into captcha_uses/);
    expect(statements.filter((sql) => /captcha_uses as u/.test(sql) && !/insert into transactions/.test(sql))).toEqual([]);
    // The receipt commits with the outcome.
    expect(statements.indexOf('commit', outcome)).toBeGreaterThan(receipt);
    expect(writingCommits(statements), statements.join('\n')).toBe(2);
    // The outcome and its receipt mail told to every node after the commit, outside the payment's
    // transactions (no NOTIFY lock at commit), in one statement (the attempt in doubt is not told).
    expect(announcements, announcements.join('\n')).toHaveLength(1);
    expect(statements.filter((sql) => /pg_notify/.test(sql)), statements.join('\n')).toEqual([]);
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
    // One read: the captcha's merchant and token (spent by this same request), the first payment, its
    // link and merchant; then the merchant and link for the receipt it shows.
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements.some((sql) => /^(insert|update|delete)/.test(sql.trim())), statements.join('\n')).toBe(false);
  });
  it('tryAgain: true (a confirmed second purchase) makes no duplicate check, so it takes no lock', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    const first = await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    expect(first.locks).toEqual(['duplicate']);
    const again = await countPayment({ ...(await tokenizedCardPayload(link, { cardNumber })), tryAgain: true });
    expect(again.status).toBe(200);
    expect(again.locks).toEqual([]);
    expect(again.statements.filter((sql) => /advisory/.test(sql)), again.statements.join('\n')).toEqual([]);
    expect(writingCommits(again.statements)).toBe(2);
  });
  it('a duplicate: the look-ups and the duplicate check, which writes nothing (PostgreSQL: in BEGIN and lock ... COMMIT)', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from mailbox');
    const { status, statements } = await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    expect(status).toBe(409);
    // The opening read, then the duplicate check (PostgreSQL: in BEGIN and its lock ... COMMIT); the
    // token is spent by the duplicate check's own statement (a token counts once), which records nothing else.
    expect(statements, statements.join('\n')).toHaveLength(t.db.kind === 'pglite' ? 2 : 4);
    expect(statements.find((sql) => /insert into transactions/.test(sql))).toMatch(/insert into captcha_uses/);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).toEqual(before);
  });
});

/**
 * An approved guest payment on PGlite: one opening read (the captcha's merchant and the token's
 * earlier use, the trackId's payment, the link, its merchant and services), the attempt with the
 * token's spend, the processor, settlePayment's transaction (BEGIN, the single-use link's lock, the
 * row's, the outcome, the merchant's prices and the books line, the receipt, COMMIT): 10 statements,
 * and the processor's mark.
 */
const APPROVED_PGLITE = 11;
