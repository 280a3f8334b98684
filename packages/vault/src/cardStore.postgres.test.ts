import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStore } from './cardStore';
import { keyring } from './keyring';
import { migrate } from './migrations';
import { newMasterKey } from './testing/testVault';
import { openPostgres, type VaultDatabase } from './vaultDatabase';

// Several vault nodes on one PostgreSQL (docs/security.md "Card data"): a card's first use and another
// node's sweep of unused cards race on the card's row. Reading the card and marking its first use is
// one statement; the sweep deletes only cards still unmarked; so a card is either used or deleted,
// never opened for a processor once another node deleted it; two first uses at once both open it.

const url = process.env['TEST_DATABASE_URL'];
const LIFETIMES = { cvcMs: 60_000, unusedTokenMs: 60_000 };
const CARD = { number: '4242424242424242', brand: 'VISA' as const, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123', holder: 'Ana Pérez' };

describe.skipIf(!url)('the card store on PostgreSQL, its first use against another node\'s sweep', () => {
  const schema = `vault_races_${randomBytes(6).toString('hex')}`;
  const inSchema = () => `${url}${url?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  let admin: pg.Client;
  let db: VaultDatabase;
  const keys = keyring([newMasterKey('k1')], randomBytes(32));

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    db = openPostgres(inSchema());
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  /**
   * Another node's sweep, its delete done and its transaction still open (holding the card's row);
   * `aheadSeconds`: that node's clock runs ahead of this one's.
   */
  async function sweepHeldOpen(aheadSeconds = 0): Promise<{ swept: string[]; commit: () => Promise<void> }> {
    const node = new pg.Client({ connectionString: inSchema() });
    await node.connect();
    await node.query('begin');
    const { rows } = await node.query<{ token: string }>("delete from vault_cards where unused_until <= now() + $1 * interval '1 second' returning token", [aheadSeconds]);
    return { swept: rows.map((r) => r.token), commit: async () => { await node.query('commit'); await node.end(); } };
  }

  async function waitingOnALock(): Promise<void> {
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%update vault_cards set unused_until = null%'");
      if ((rows[0]?.n ?? 0) > 0) return;
    }
    throw new Error('the first use never waited on the sweep\'s lock');
  }

  it('a card the sweep deletes while its first use waits on it is not opened, and stays deleted', async () => {
    const store = cardStore(db, keys, 86_400_000);
    const { token } = await store.save(CARD, LIFETIMES);
    // Its time not yet passed for the first use's clock, passed for the sweeping node's (a minute ahead).
    await db.query("update vault_cards set unused_until = now() + interval '30 seconds' where token = $1", [token]);
    const sweep = await sweepHeldOpen(60);
    expect(sweep.swept).toContain(token);
    // The statement's snapshot still has the card; its mark waits on the sweep's delete, then finds nothing to mark.
    const opening = store.open(token, { cvc: true });
    await waitingOnALock().finally(() => sweep.commit());
    expect(await opening).toBeNull();
    expect(await db.query('select token from vault_cards where token = $1', [token])).toEqual([]);
  });

  it('a card nobody used past its time is not opened nor marked, swept or not yet', async () => {
    const store = cardStore(db, keys, 86_400_000);
    const { token } = await store.save(CARD, LIFETIMES);
    await db.query("update vault_cards set unused_until = now() - interval '1 second' where token = $1", [token]);
    expect(await store.open(token, { cvc: true })).toBeNull();
    const sweep = await sweepHeldOpen();
    await sweep.commit();
    expect(sweep.swept).toContain(token);
  });

  it('a card whose first use another node marks while this one waits on it opens on both', async () => {
    const store = cardStore(db, keys, 86_400_000);
    const { token } = await store.save(CARD, LIFETIMES);
    // The other node's first use, its mark made and its statement not yet committed.
    const node = new pg.Client({ connectionString: inSchema() });
    await node.connect();
    await node.query('begin');
    await node.query('update vault_cards set unused_until = null where token = $1 and unused_until is not null', [token]);
    // This statement's snapshot has the card unused; its mark waits, then finds it marked by the other.
    const opening = store.open(token);
    await waitingOnALock();
    await node.query('commit');
    await node.end();
    expect(await opening).toMatchObject({ number: CARD.number });
  });

  it('a card marked first is passed by by the sweep, and opens with its CVC while held', async () => {
    const store = cardStore(db, keys, 86_400_000);
    const { token } = await store.save(CARD, LIFETIMES);
    expect(await store.open(token, { cvc: true })).toMatchObject({ number: CARD.number, cvcHeld: true, cvc: '123' });
    const sweep = await sweepHeldOpen();
    await sweep.commit();
    expect(sweep.swept).not.toContain(token);
    expect(await store.open(token)).toMatchObject({ number: CARD.number, cvcHeld: true });
    expect((await store.open(token))?.cvc).toBeUndefined();
    await store.dropCvcs([token]);
    expect(await store.open(token, { cvc: true })).toMatchObject({ cvcHeld: false, cvc: null });
  });
});

describe.skipIf(!url)('card vault nodes starting at once on one PostgreSQL', () => {
  it('eight nodes migrate an empty schema at once, one applying while the others wait, and all start', async () => {
    const schema = `vault_starts_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const nodes = Array.from({ length: 8 }, () => openPostgres(`${url}${url?.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`));
    try {
      // Its migrations' own table made before the lock, two nodes' "create table if not exists" collided.
      expect(await Promise.allSettled(nodes.map((node) => migrate(node)))).toEqual(nodes.map(() => ({ status: 'fulfilled', value: undefined })));
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });
});
