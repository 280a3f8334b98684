import { randomBytes } from 'node:crypto';
import { isCardToken, splitCardToken } from './cardFacts';
import { newDataKey, open, seal, type Keyring } from './keyring';
import type { VaultDatabase } from './vaultDatabase';
import type { CheckedCard } from './cardCheck';

export interface CardSummary {
  token: string;
  brand: string;
  bin: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** What only a forward to a processor opens: never answered to anyone. */
export interface OpenedCard extends CardSummary {
  number: string;
  holder: string | null;
  /** Its CVC is still held (not dropped after an authorization, not past its time). */
  cvcHeld: boolean;
  /** The CVC itself, opened only when asked for (a forward that carries it) and while held. */
  cvc?: string | null;
}

/**
 * A card and whether its CVC is held, its first use marked in the same statement (one round trip): a
 * card another node's sweep deleted meanwhile is not marked (`marked` false while the row read still
 * says unused), as the sweep deletes only what is still unmarked, so one of the two wins. The mark
 * starts the used card's time ($3 ms); a card past it is not opened, swept or not yet. An unused card
 * past its own time is neither marked nor opened before the sweep deletes it: its first use would
 * otherwise keep for a day a card that was due to be gone.
 */
const OPEN_SQL = `with marked as (
    update vault_cards set unused_until = null, kept_until = now() + $3 * interval '1 millisecond' where token = $1 and unused_until > now() returning token
  )
  select c.token, c.brand, c.bin, c.last4, c.exp_month, c.exp_year, c.number_sealed, c.holder_sealed, c.data_key_wrapped, c.master_key_id, c.unused_until,
    v.cvc_sealed is not null as cvc_held, case when $2::boolean then v.cvc_sealed end as cvc_sealed, exists (select 1 from marked) as marked
  from vault_cards c left join vault_cvcs v on v.token = c.token and v.expires_at > now()
  where c.token = $1 and (c.kept_until is null or c.kept_until > now()) and (c.unused_until is null or c.unused_until > now())`;

interface CardRow {
  token: string;
  brand: string;
  bin: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  number_sealed: Uint8Array;
  holder_sealed: Uint8Array | null;
  data_key_wrapped: Uint8Array;
  master_key_id: string;
  /** Null once a server call used the token. */
  unused_until: Date | null;
  /** Its CVC is held and within its time: an authorization may still carry it. */
  cvc_held: boolean;
}

/** How long the vault keeps what it is given, counted from the card's tokenizing. */
export interface Lifetimes {
  /** PCI DSS 3.3.1.2: the CVC, when the server does not drop it first. */
  cvcMs: number;
  /** The card, while no server call has used its token (an abandoned checkout's). */
  unusedTokenMs: number;
}

/** `tok_` and 24 random bytes: nothing of the card is in it. The card is stored under it (its key, cardFacts.ts). */
const newToken = () => `tok_${randomBytes(24).toString('base64url')}`;

const summaryOf = (row: Pick<CardRow, 'token' | 'brand' | 'bin' | 'last4' | 'exp_month' | 'exp_year'>): CardSummary => ({
  token: row.token,
  brand: row.brand,
  bin: row.bin,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
});

/** A master key rotation's re-wrap, as `POST /v1/admin/rewrap` answers it. */
interface RewrapStatus {
  rewrapped: number;
  remaining: number;
  failed: number;
  complete: boolean;
}

/** A record a re-wrap could not open: its token's key, the master key it names and why. */
interface SkippedRecord {
  token: string;
  masterKeyId: string;
  reason: string;
}

export interface CardStore {
  save(card: CheckedCard, lifetimes: Lifetimes): Promise<CardSummary>;
  /**
   * The card for a server call (its facts read, or a forward): its token used from then on, never
   * deleted as unused, and kept `usedCardMs` from that first use. With `cvc`, its CVC too while within
   * its time, read as often as asked: a resend of the same authorization (a lost answer, a 5xx)
   * carries it again. Dropped by dropCvcs once the outcome is known, or by time.
   */
  open(token: string, options?: { cvc: boolean }): Promise<OpenedCard | null>;
  /** Each card's CVC gone, whether or not one was held (PCI DSS 3.3.1.2: not kept after the authorization). */
  dropCvcs(tokens: readonly string[]): Promise<void>;
  dropExpiredCvcs(): Promise<number>;
  /** Cards whose token no server call used within its time (a checkout abandoned after tokenizing), and used cards past theirs. */
  dropCardsPastTheirTime(): Promise<number>;
  /**
   * Up to `limit` records not under the current master key get their data key wrapped under it. A
   * record whose data key does not open (damaged, or wrapped under a key not listed) is skipped and
   * named in `skipped`; this node does not try it again until it restarts, so the batches after it go
   * on. `remaining` counts the records still to try, `failed` those skipped that are still under
   * another key, and `complete` is true once no record is under another key.
   */
  rewrap(limit: number): Promise<RewrapStatus & { skipped: SkippedRecord[] }>;
  /** How many records each master key wraps (read through the index on the key's id). */
  cardsPerMasterKey(): Promise<Map<string, number>>;
  /** How many of up to `sample` cards wrapped under this master key its key as listed opens. */
  opensUnder(masterKeyId: string, sample: number): Promise<{ tried: number; opened: number }>;
  /** One statement round the store, for the health checks: rejects when the store does not answer. */
  ping(): Promise<void>;
}

/**
 * `usedCardMs`: how long a used card is kept, from its first use. A resend of its authorization under
 * the same key, its 3DS and the processor's saving of it come within it; nothing after needs the
 * number (the server refuses a new payment with a used token; saved cards and renewals charge by the
 * processor's own token), so it is deleted then (PCI DSS 3.2.1: kept no longer than needed).
 */
export function cardStore(db: VaultDatabase, keys: Keyring, usedCardMs: number): CardStore {
  const dataKeyOf = (row: Pick<CardRow, 'token' | 'data_key_wrapped' | 'master_key_id'>) => keys.unwrap(row.token, row.data_key_wrapped, row.master_key_id);
  // The records this node's re-wrap could not open: skipped by its later batches, tried again after a restart (with the key that opens them).
  const unopened = new Set<string>();
  return {
    async ping() {
      await db.query('select 1');
    },
    async save(card, lifetimes) {
      const token = newToken();
      const dataKey = newDataKey();
      const { wrapped, masterKeyId } = keys.wrap(token, dataKey);
      const numberSealed = seal(dataKey, Buffer.from(card.number, 'utf8'), `number:${token}`);
      const holderSealed = card.holder ? seal(dataKey, Buffer.from(card.holder, 'utf8'), `holder:${token}`) : null;
      const cvcSealed = seal(dataKey, Buffer.from(card.cvc, 'utf8'), `cvc:${token}`);
      const row = { token, brand: card.brand, bin: card.number.slice(0, 6), last4: card.number.slice(-4), exp_month: card.expMonth, exp_year: card.expYear };
      // The card and its CVC in one statement (its CVC's reference to it is checked at the statement's end).
      await db.query(
        `with card as (
           insert into vault_cards (token, brand, bin, last4, exp_month, exp_year, number_sealed, holder_sealed, data_key_wrapped, master_key_id, unused_until)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + $11 * interval '1 millisecond')
           returning token
         )
         insert into vault_cvcs (token, cvc_sealed, expires_at) select token, $12, now() + $13 * interval '1 millisecond' from card`,
        [token, row.brand, row.bin, row.last4, row.exp_month, row.exp_year, numberSealed, holderSealed, wrapped, masterKeyId, lifetimes.unusedTokenMs, cvcSealed, lifetimes.cvcMs],
      );
      return summaryOf(row);
    },
    async open(given, options) {
      if (!isCardToken(given)) return null;
      // A token that carries its facts sealed is stored under its key alone.
      const token = splitCardToken(given).key;
      const read = () => db.query<CardRow & { cvc_sealed: Uint8Array | null; marked: boolean }>(OPEN_SQL, [token, options?.cvc === true, usedCardMs]);
      let [row] = await read();
      if (!row) return null;
      // Its first use, unmarked: another node's sweep deleted it meanwhile, or another first use marked
      // it and committed while this statement waited (its snapshot still shows it unused). A new
      // statement tells which: the row is gone, or it is there and used.
      if (row.unused_until !== null && !row.marked) [row] = await read();
      if (!row || (row.unused_until !== null && !row.marked)) return null;
      const dataKey = dataKeyOf(row);
      return {
        ...summaryOf(row),
        number: open(dataKey, row.number_sealed, `number:${token}`).toString('utf8'),
        holder: row.holder_sealed ? open(dataKey, row.holder_sealed, `holder:${token}`).toString('utf8') : null,
        cvcHeld: row.cvc_held,
        ...(options?.cvc ? { cvc: row.cvc_sealed ? open(dataKey, row.cvc_sealed, `cvc:${token}`).toString('utf8') : null } : {}),
      };
    },
    async dropCvcs(tokens) {
      await db.query('delete from vault_cvcs where token = any($1::text[])', [tokens.map((token) => splitCardToken(token).key)]);
    },
    async dropExpiredCvcs() {
      return (await db.query('delete from vault_cvcs where expires_at <= now() returning token')).length;
    },
    async dropCardsPastTheirTime() {
      // Its CVC goes with it (on delete cascade). Unused: only while still unmarked, so a first use and this delete never both win.
      return (await db.query('delete from vault_cards where unused_until <= now() or kept_until <= now() returning token')).length;
    },
    async rewrap(limit) {
      const current = keys.current.id;
      const rows = await db.query<Pick<CardRow, 'token' | 'data_key_wrapped' | 'master_key_id'>>(
        'select token, data_key_wrapped, master_key_id from vault_cards where master_key_id <> $1 and token <> all($3::text[]) order by token limit $2',
        [current, limit, [...unopened]],
      );
      let rewrapped = 0;
      const skipped: SkippedRecord[] = [];
      for (const row of rows) {
        let dataKey: Buffer;
        try {
          dataKey = dataKeyOf(row);
        } catch (error) {
          unopened.add(row.token);
          skipped.push({ token: row.token, masterKeyId: row.master_key_id, reason: (error as Error).message });
          continue;
        }
        const { wrapped, masterKeyId } = keys.wrap(row.token, dataKey);
        // Only if no other node re-wrapped it meanwhile: the row moves from the key it was read under.
        const updated = await db.query('update vault_cards set data_key_wrapped = $1, master_key_id = $2 where token = $3 and master_key_id = $4 returning token', [wrapped, masterKeyId, row.token, row.master_key_id]);
        rewrapped += updated.length;
      }
      const [left] = await db.query<{ remaining: number; failed: number }>(
        'select count(*) filter (where token <> all($2::text[]))::int as remaining, count(*) filter (where token = any($2::text[]))::int as failed from vault_cards where master_key_id <> $1',
        [current, [...unopened]],
      );
      const remaining = left?.remaining ?? 0;
      const failed = left?.failed ?? 0;
      return { rewrapped, remaining, failed, complete: remaining === 0 && failed === 0, skipped };
    },
    async opensUnder(masterKeyId, sample) {
      const rows = await db.query<Pick<CardRow, 'token' | 'data_key_wrapped' | 'master_key_id'>>(
        'select token, data_key_wrapped, master_key_id from vault_cards where master_key_id = $1 limit $2', [masterKeyId, sample]);
      const opened = rows.filter((row) => {
        try {
          dataKeyOf(row);
          return true;
        } catch {
          return false;
        }
      });
      return { tried: rows.length, opened: opened.length };
    },
    async cardsPerMasterKey() {
      const rows = await db.query<{ master_key_id: string; n: number }>('select master_key_id, count(*)::int as n from vault_cards group by master_key_id');
      return new Map(rows.map((row) => [row.master_key_id, row.n]));
    },
  };
}
