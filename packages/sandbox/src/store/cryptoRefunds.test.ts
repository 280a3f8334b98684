import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../db/Database';
import { depositKeyOf } from '../payments/cryptoReceived';
import { openTestDatabase } from '../../test/testApp';
import { recordCoinsAfterCancellation, recordRefundPartSent } from './cryptoRefunds';
import { findTransaction } from './transactions';
import { updateQuote } from './transactionUpdates';

// docs/methods/crypto.md "Sandbox": coins that reach a cancelled payment while its refund is sent are
// owed back too; what went back is counted (`refundSent`) and the money owed to the payer is only what
// was not sent yet. Two nodes may send the same part at once: it is counted once.

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

let n = 0;
/** A cancelled BTC payment (26.75 at 50,000 USD a coin) whose refund of `paid` is pending, nothing sent back yet. */
async function cancelledWithCoins(paid: number): Promise<string> {
  n += 1;
  const codOper = `refund-part-${n}`;
  const details = {
    currency: 'BTC', network: 'BTC', rate: 50_000, paidCrypto: paid,
    refund: { coin: 'BTC', network: 'BTC', amount: paid, to: 'sbxbtc_payer', status: 'pending', refundedAt: null },
    owedToPayer: { amountCents: Math.round(paid * 5_000_000), state: 'owed', takenAt: '2026-01-01T12:00:00.000Z' },
  };
  await db.query(
    `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, tax_cents, status, auth_status, message_key, processor, details, tx_type)
     values ($1, $1, 1, 'crypto', 2500, 175, 0, 'CANCELLED', 'crypto_refund_pending', 'simulator', $2::jsonb, 'AUTH_CAPTURE')`,
    [codOper, JSON.stringify(details)],
  );
  return codOper;
}

/** The database, telling `before` each statement it is about to run. */
const watched = (before: (sql: string) => Promise<void> | void): Queryable => ({
  async query<Row>(sql: string, params?: readonly unknown[]) {
    await before(sql);
    return db.query<Row>(sql, params);
  },
});

describe('recordRefundPartSent: a part sent back while more coins came is counted once, with the money owed after it', () => {
  it('two sends of the same part at once (two nodes): counted once', async () => {
    const codOper = await cancelledWithCoins(0.00015);
    const both = await Promise.all([recordRefundPartSent(db, codOper, 0, 0.0001), recordRefundPartSent(db, codOper, 0, 0.0001)]);
    expect(both.filter((row) => row !== undefined)).toHaveLength(1);
    expect((await findTransaction(db, codOper))?.details).toMatchObject({ refundSent: 0.0001, owedToPayer: { amountCents: 250 } });
    // A later part counts on from it, never from the start again.
    expect(await recordRefundPartSent(db, codOper, 0, 0.0001)).toBeUndefined();
  });

  it('coins recorded between its read and its write: the money owed counts them and the part sent', async () => {
    const codOper = await cancelledWithCoins(0.00015);
    let cameMeanwhile = false;
    const counted = await recordRefundPartSent(watched(async (sql) => {
      if (cameMeanwhile || !/^\s*update\b/i.test(sql)) return;
      cameMeanwhile = true;
      // 0.00015 more reach the address, recorded (as settlePayment does) while this part is not counted yet.
      const held = await findTransaction(db, codOper);
      const refund = { coin: 'BTC', network: 'BTC', amount: 0.0003, to: 'sbxbtc_payer', status: 'pending', refundedAt: null };
      expect(await recordCoinsAfterCancellation(db, held!, { paidCrypto: 0.0003, refund, refundSent: Number(held!.details['refundSent'] ?? 0) })).toBeDefined();
    }), codOper, 0, 0.0001);
    expect(cameMeanwhile).toBe(true);
    // 0.0003 arrived, 0.0001 went back: 0.0002 BTC not sent yet, 10 USD.
    expect(counted?.details).toMatchObject({ paidCrypto: 0.0003, refundSent: 0.0001, owedToPayer: { amountCents: 1000, state: 'owed' } });
    expect((await findTransaction(db, codOper))?.details).toMatchObject({ refundSent: 0.0001, owedToPayer: { amountCents: 1000 } });
  });

  it('a payment that owes no money beside its coins still owes none after the part is counted', async () => {
    const codOper = await cancelledWithCoins(0.00015);
    await db.query(`update transactions set details = details - 'owedToPayer' where cod_oper = $1`, [codOper]);
    const counted = await recordRefundPartSent(db, codOper, 0, 0.0001);
    expect(counted?.details).toMatchObject({ refundSent: 0.0001 });
    expect(counted?.details).not.toHaveProperty('owedToPayer');
  });
});

// The key of a deposit the payment moves from is written by SQL (updateQuote's formerDeposits, read under
// the update's lock) and read everywhere else through depositKeyOf: both must name the same deposit, or
// coins sent to the old address would be sent back from a deposit that never held them.
describe('the deposit a payment moves from is kept under the key depositKeyOf reads', () => {
  it.each([
    ['recorded before payments held their key: codOper:network', undefined],
    ['its key held since a change of coin', 'PP-KEY:ETH.USDT'],
    ['an empty key held: codOper:network', ''],
  ])('%s', async (_case, depositKey) => {
    n += 1;
    const codOper = `moving-${n}`;
    await db.query(
      `insert into transactions (cod_oper, track_id, merchant_id, method, amount_cents, status, auth_status, message_key, processor, details, tx_type, reference)
       values ($1, $1, 1, 'crypto', 2500, 0, 'PENDING', 'pending', 'simulator', $2::jsonb, 'AUTH_CAPTURE', $3)`,
      [codOper, JSON.stringify({ currency: 'USDT', network: 'ETH', ...(depositKey === undefined ? {} : { depositKey }) }), `sbxeth_old_${n}`],
    );
    const before = await findTransaction(db, codOper);
    const moved = await updateQuote(db, codOper, { currency: 'ETH', network: 'ETH', depositKey: `${codOper}:ETH.ETH` }, `sbxeth_new_${n}`);
    expect(moved?.details['formerDeposits']).toEqual({ [`sbxeth_old_${n}`]: { depositKey: depositKeyOf(before!), coin: 'USDT', network: 'ETH' } });
  });
});
