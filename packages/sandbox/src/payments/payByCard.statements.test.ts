import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../db/Database';
import { cardPayload, createTestApp, newLink, type TestApp } from '../test/testApp';

// Round trips to the database per card payment (docs/performance.md "Round trips per card
// payment"): every statement the route sends, BEGIN and COMMIT of a transaction included.

let t: TestApp;
let statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const query = t.db.query.bind(t.db);
  const transaction = t.db.transaction.bind(t.db);
  Object.assign(t.db, {
    query: (sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    },
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => {
      statements.push('begin');
      return transaction(async (tx) => {
        const result = await fn({
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
          exec: (sql) => {
            statements.push(sql);
            return tx.exec(sql);
          },
        });
        statements.push('commit');
        return result;
      });
    },
  });
});
afterAll(() => t.close());

async function countPayment(body: Record<string, unknown>) {
  statements = [];
  const res = await t.post('/cards/auth-capture', body);
  return { status: res.status, data: res.data, statements: [...statements] };
}

describe('statements per card payment', () => {
  it('an approved guest payment with a receipt e-mail', async () => {
    const link = await newLink(t);
    const { status, statements } = await countPayment(cardPayload(link));
    expect(status).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(12);
  });
  it('a repeated trackId', async () => {
    const link = await newLink(t);
    const body = cardPayload(link);
    await countPayment(body);
    const { status, statements } = await countPayment(body);
    expect(status).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(1);
  });
  it('a duplicate', async () => {
    const link = await newLink(t);
    await countPayment(cardPayload(link));
    const { status, statements } = await countPayment(cardPayload(link));
    expect(status).toBe(409);
    expect(statements, statements.join('\n')).toHaveLength(7);
  });
});
