import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { creditBalance, WALLET_BALANCE_MAX_CENTS } from './balanceMovements';

// A wallet's balance holds at most what its column holds (an integer of cents): a credit past it
// (a refund of a balance payment, a payment request paid) is refused by the write itself, crediting
// nothing, and says why, apart from a wallet that is not there.
let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function walletWith(balanceCents: number): Promise<number> {
  const login = `saldo${Math.random().toString(36).slice(2, 10)}`;
  const [user] = await db.query<{ id: number }>(
    "insert into users (email, login, name, lastname, password_hash, balance_cents) values ($1, $2, 'Ana', 'Saldo', 'x', $3) returning id",
    [`${login}@example.com`, login, balanceCents]);
  return Number(user?.id);
}
const balanceOf = async (id: number) => (await db.query<{ balance_cents: number }>('select balance_cents from users where id = $1', [id]))[0]?.balance_cents;

describe('creditBalance', () => {
  it.each([
    ['well within the limit', 1_000, 2_000, 'credited', 3_000],
    ['up to the limit exactly', WALLET_BALANCE_MAX_CENTS - 1_000, 1_000, 'credited', WALLET_BALANCE_MAX_CENTS],
    ['one cent past the limit', WALLET_BALANCE_MAX_CENTS - 1_000, 1_001, 'balance_full', WALLET_BALANCE_MAX_CENTS - 1_000],
    ['at the limit already', WALLET_BALANCE_MAX_CENTS, 1, 'balance_full', WALLET_BALANCE_MAX_CENTS],
  ] as const)('%s: a balance of %i cents credited %i answers %s and holds %i', async (_name, balance, credit, answer, after) => {
    const id = await walletWith(balance);
    expect(await creditBalance(db, id, credit)).toBe(answer);
    expect(await balanceOf(id)).toBe(after);
  });

  it('of no such wallet answers no_wallet', async () => {
    expect(await creditBalance(db, 2_000_000_000, 100)).toBe('no_wallet');
  });
});
