import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction, TransactionOptions } from '../db/Database';
import { writingCommits } from '../../test/statementLog';
import { aroundCardAuthorize } from '../../test/gateways/cardAuthorize';
import { tokenizedCardPayload, createTestApp, freshCaptchaToken, newLink, testCardNumber, type TestApp } from '../../test/testApp';

// The statements a card payment sends, in order, BEGIN and COMMIT (or ROLLBACK) of a transaction
// included; on PostgreSQL a transaction's advisory lock goes with its BEGIN, in the same round trip.
// The card processor's authorization (a call to the simulator, no statement) is marked among them.

let t: TestApp;
let statements: string[] = [];
/** The node's announcements after the commits (changes/announcements.ts), batched: not the payment's own. */
let announcements: string[] = [];
/** The duplicate rule's advisory locks asked for in the attempt's statement (migration 105), by their rule's name. */
let locks: string[] = [];
const ANNOUNCEMENT = /pg_notify\(channel \|\| coalesce\(current_schema\(\)/;
/** What else happens to the attempt while the processor decides (its key is the attempt's cod_oper). */
let duringAuthorize: ((codOper: string) => Promise<unknown>) | undefined;

beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: aroundCardAuthorize(async (authorize, request) => {
      statements.push('processor: card authorize');
      const answer = await authorize(request);
      await duringAuthorize?.(request.idempotencyKey);
      return answer;
    }),
  });
  const query = t.db.query.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    query: (sql: string, params?: readonly unknown[]) => {
      (ANNOUNCEMENT.test(sql) ? announcements : statements).push(sql);
      if (/pasarela_duplicate_after_lock/.test(sql)) {
        for (const param of params ?? []) if (typeof param === 'string' && param.startsWith('duplicate:')) locks.push('duplicate');
      }
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
// e-mail in one statement (the second commit), while the attempt is as recorded (else in its
// transaction, under the row's lock); every node told after each commit.
describe('statements per card payment', () => {
  it('an approved guest payment: the look-ups, the attempt, the processor, the outcome with its books line and receipt (settlePayment)', async () => {
    const link = await newLink(t);
    const { status, data, statements, announcements } = await countPayment(await tokenizedCardPayload(link));
    expect(status).toBe(200);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const attempt = at(/insert into transactions/);
    const processor = at(/^processor: card authorize$/);
    const outcome = at(/update transactions set status/);
    expect([attempt, processor, outcome].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(attempt).toBeLessThan(processor);
    expect(processor).toBeLessThan(outcome);
    // The merchant's prices read by the opening statement, for the books line.
    expect(statements[0], statements[0]).toMatch(/from merchant_prices/);
    expect(statements.filter((sql) => /merchant_prices/.test(sql)), statements.join('\n')).toHaveLength(1);
    // The outcome's one statement, written while the attempt is as recorded, enters its books line
    // and writes its receipt: they commit together, in no transaction of BEGIN and COMMIT.
    expect(statements[outcome], statements[outcome]).toMatch(/and status = \$19::int and auth_status = \$20::text/);
    expect(statements[outcome], statements[outcome]).toMatch(/insert into balance_transactions/);
    expect(statements[outcome], statements[outcome]).toMatch(/insert into mailbox/);
    expect(statements.filter((sql) => /insert into (balance_transactions|mailbox)|for update/.test(sql) && sql !== statements[outcome] && sql !== statements[attempt]), statements.join('\n')).toEqual([]);
    expect(statements.slice(processor).filter((sql) => sql.startsWith('begin')), statements.join('\n')).toEqual([]);
    // The captcha token is spent by the attempt's own statement.
    expect(statements[attempt], statements[attempt]).toMatch(/insert into captcha_uses/);
    expect(statements.filter((sql) => /captcha_uses as u/.test(sql) && !/insert into transactions/.test(sql))).toEqual([]);
    expect(writingCommits(statements), statements.join('\n')).toBe(2);
    // The outcome and its receipt mail told to every node after the commit, outside the payment's
    // transactions (no NOTIFY lock at commit), in one statement (the attempt in doubt is not told).
    expect(announcements, announcements.join('\n')).toHaveLength(1);
    expect(statements.filter((sql) => /pg_notify/.test(sql)), statements.join('\n')).toEqual([]);
    expect(statements, statements.join('\n')).toHaveLength(APPROVED);
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
    const rowLock = at(/from transactions t where t\.cod_oper = \$1 .*for update of t/s);
    const claim = at(/update payment_links/);
    const outcome = at(/update transactions set status/);
    expect([rowLock, claim, outcome].every((i) => i >= 0), statements.join('\n')).toBe(true);
    // The row's lock statement locks the link first: its CTE is the scan's one-time filter.
    expect(statements[rowLock], statements[rowLock]).toMatch(/and l\.single_use for update of l/);
    expect(statements[rowLock], statements[rowLock]).toMatch(/and \(select count\(\*\) from single_use_link\) >= 0 for update of t/);
    expect(rowLock).toBeLessThan(claim);
    expect(claim).toBeLessThan(outcome);
  });
  it('an attempt called off during the processor\'s call: the one statement writes nothing, settlePayment\'s transaction records the money taken', async () => {
    const link = await newLink(t);
    duringAuthorize = (codOper) => t.db.query(
      `update transactions set status = 0, auth_status = 'CANCELLED', message_key = 'cancelled', details = details || '{"cancelReason":"payer"}'::jsonb where cod_oper = $1`, [codOper]);
    const { status, data, statements } = await countPayment(await tokenizedCardPayload(link)).finally(() => (duringAuthorize = undefined));
    expect(status, JSON.stringify(data)).toBe(409);
    const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
    const unchanged = at(/and status = \$19::int and auth_status = \$20::text/);
    const rowLock = at(/from transactions t where t\.cod_oper = \$1 .*for update of t/s);
    expect([unchanged, rowLock].every((i) => i >= 0), statements.join('\n')).toBe(true);
    expect(unchanged).toBeLessThan(rowLock);
    const [row] = await t.db.query<{ cod_oper: string; auth_status: string; owed: unknown; books: number }>(
      `select t.cod_oper, t.auth_status, t.details -> 'owedToPayer' as owed, (select count(*)::int from balance_transactions b where b.cod_oper = t.cod_oper) as books
         from transactions t where t.link_code = $1`, [link]);
    expect(row?.auth_status).toBe('CANCELLED');
    expect(row?.owed).toBeTruthy();
    expect(row?.books).toBe(0);
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
  it('a duplicate: the look-ups and the duplicate check with its lock, which writes nothing', async () => {
    const link = await newLink(t);
    const cardNumber = testCardNumber(crypto.randomUUID());
    await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from mailbox');
    const { status, statements } = await countPayment(await tokenizedCardPayload(link, { cardNumber }));
    expect(status).toBe(409);
    // The opening read, then the duplicate check with its lock in one statement; the token is spent
    // by the duplicate check's own statement (a token counts once), which records nothing else.
    expect(statements, statements.join('\n')).toHaveLength(2);
    expect(statements.find((sql) => /insert into transactions/.test(sql))).toMatch(/insert into captcha_uses/);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from mailbox')).toEqual(before);
  });
});

/**
 * An approved guest payment, on PGlite and on PostgreSQL: one opening read (the captcha's merchant and the token's
 * earlier use, the trackId's payment, the link, its merchant, services and prices), the attempt with
 * the token's spend, the processor, the outcome with its books line and receipt written while the
 * attempt is as recorded (settlePayment): 3 statements, and the processor's mark.
 */
const APPROVED = 4;
