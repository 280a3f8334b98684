import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { keyOf, newMasterKey, serverHeaders, testVault, tokenOf } from './testing/testVault';
import { openPglite, openPostgres, type VaultDatabase } from './vaultDatabase';

// A store of its own (its cards change master key): PostgreSQL in a schema of its own when TEST_DATABASE_URL names one, else PGlite.
const url = process.env['TEST_DATABASE_URL'];
const schema = `vault_rewrap_${randomBytes(6).toString('hex')}`;
let admin: pg.Client | undefined;
let database: VaultDatabase;
beforeAll(async () => {
  if (!url) {
    database = await openPglite(undefined);
    return;
  }
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  database = openPostgres(`${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`);
});
afterAll(async () => {
  await database?.close();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

interface RewrapStatus {
  rewrapped: number;
  remaining: number;
  failed: number;
  complete: boolean;
}

// A record that does not open (its wrapped key damaged, or wrapped under a key no node lists) is
// skipped and counted; the records after it are still re-wrapped, and the rotation says it is not done.
it('re-wraps every record it can open past one it cannot, counting and logging the one it skipped, and says the rotation is incomplete', async () => {
  const oldKey = newMasterKey('old');
  const newKey = newMasterKey('new');
  const first = await testVault({ database, masterKeys: [oldKey] });
  const tokens = [];
  for (const number of ['4242424242424242', '4111111111111111', '5555555555554444', '378282246310005']) tokens.push(keyOf(await tokenOf(first, number)));
  await first.close();
  const node = await testVault({ database, masterKeys: [newKey, oldKey] });
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const [damaged, lost, ...good] = [...tokens].sort();
    // The first records a batch reads (by token): one whose wrapped key is damaged, one under a key no node has.
    await database.query('update vault_cards set data_key_wrapped = $1 where token = $2', [randomBytes(60), damaged]);
    await database.query("update vault_cards set master_key_id = 'lost' where token = $1", [lost]);
    const rounds: RewrapStatus[] = [];
    for (let round = 0; round < 10; round++) {
      const answer = await fetch(`${node.url}/v1/admin/rewrap?batch=1`, { method: 'POST', headers: serverHeaders });
      expect(answer.status).toBe(200);
      rounds.push((await answer.json()) as RewrapStatus);
      if (rounds.at(-1)!.remaining === 0) break;
    }
    expect(rounds.at(-1)).toEqual({ rewrapped: expect.any(Number), remaining: 0, failed: 2, complete: false });
    expect(rounds.reduce((sum, round) => sum + round.rewrapped, 0)).toBe(2);
    const under = await database.query<{ token: string; master_key_id: string }>('select token, master_key_id from vault_cards order by token');
    expect(under).toEqual([...tokens].sort().map((token) => ({ token, master_key_id: token === damaged ? 'old' : token === lost ? 'lost' : 'new' })));
    expect(good).toHaveLength(2);
    // Each skipped record is a line naming it and its key, never a card.
    const lines = errors.mock.calls.map((call) => String(call[0]));
    expect(lines.filter((line) => line.includes(damaged!) && line.includes('master key old'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(lost!) && line.includes('master key lost'))).toHaveLength(1);
    expect(lines.join('\n')).not.toMatch(/4242424242424242|4111111111111111|5555555555554444|378282246310005/);
    // Asked again, the status stays: nothing left to try, two records not under the first key.
    const again = await fetch(`${node.url}/v1/admin/rewrap`, { method: 'POST', headers: serverHeaders });
    expect(await again.json()).toEqual({ rewrapped: 0, remaining: 0, failed: 2, complete: false });
  } finally {
    errors.mockRestore();
    await node.close();
  }
});
