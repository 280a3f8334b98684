import type { VaultDatabase } from './vaultDatabase';

/**
 * The vault's schema, applied in order, each once. Its own list, apart from the server's: the two
 * stores never share a database. A card row holds no number in clear: the number (and the holder's
 * name) sealed under the row's data key, that key wrapped under a master key named by its id.
 */
export const MIGRATIONS: ReadonlyArray<{ name: string; sql: string }> = [
  {
    name: '001_cards',
    sql: `
      create table vault_cards (
        token text primary key,
        brand text not null,
        bin text not null,
        last4 text not null,
        exp_month smallint not null,
        exp_year smallint not null,
        number_sealed bytea not null,
        holder_sealed bytea,
        data_key_wrapped bytea not null,
        master_key_id text not null,
        created_at timestamptz not null default now()
      );
      create index if not exists vault_cards_master_key on vault_cards (master_key_id);
      -- PCI DSS 3.3.1.2: the CVC only until its authorization's outcome (the server drops it) or its time, whichever comes first.
      create table vault_cvcs (
        token text primary key references vault_cards (token) on delete cascade,
        cvc_sealed bytea not null,
        expires_at timestamptz not null
      );
      create index if not exists vault_cvcs_expiry on vault_cvcs (expires_at);
    `,
  },
  {
    name: '002_unused_tokens',
    sql: `
      -- A token no server call has used yet (never forwarded, never read under the API secret) is deleted at unused_until, and its first use sets it null for good. Cards stored before this may have been used: kept.
      alter table vault_cards add column unused_until timestamptz;
      create index if not exists vault_cards_unused on vault_cards (unused_until) where unused_until is not null;
    `,
  },
  {
    name: '003_used_cards_kept_a_while',
    sql: `
      -- A used card is kept until kept_until (its first use plus VAULT_USED_CARD_TTL_MS), for a resend of its authorization, its 3DS and the processor's saving of it, then deleted (PCI DSS 3.2.1). Cards used before this: a day from the upgrade, the default.
      alter table vault_cards add column kept_until timestamptz;
      update vault_cards set kept_until = now() + interval '1 day' where unused_until is null;
      create index if not exists vault_cards_kept on vault_cards (kept_until) where kept_until is not null;
    `,
  },
];

/**
 * Several nodes starting at once on one PostgreSQL: the advisory lock lets one apply while the others
 * wait, then find it done. A store that records a migration this release does not have was migrated
 * by a newer release: this one refuses to run on it (docs/operations.md "Upgrading").
 */
export async function migrate(db: VaultDatabase): Promise<void> {
  const underLock = (work: (tx: Pick<VaultDatabase, 'query'>) => Promise<void>) => db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('pasarela-vault-migrations'))");
    // Under the lock: two nodes' `create table if not exists` at once, one failed (pg_type's unique index).
    await tx.query('create table if not exists vault_migrations (name text primary key, applied_at timestamptz not null default now())');
    await work(tx);
  });
  await underLock(async (tx) => {
    const recorded = await tx.query<{ name: string }>('select name from vault_migrations');
    const newer = recorded.map((row) => row.name).filter((name) => !MIGRATIONS.some((migration) => migration.name === name)).sort();
    if (newer.length > 0) throw new Error(`The card vault's store was migrated by a newer release (${newer.join(', ')} is not among this release's migrations): run that release or a later one on it, or restore the backup taken before its upgrade`);
  });
  for (const migration of MIGRATIONS) {
    await underLock(async (tx) => {
      const done = await tx.query('select 1 from vault_migrations where name = $1', [migration.name]);
      if (done.length > 0) return;
      for (const statement of migration.sql.split(';').map((s) => s.trim()).filter((s) => s !== '' && !/^(--[^\n]*\n?\s*)+$/.test(s))) await tx.query(statement);
      await tx.query('insert into vault_migrations (name) values ($1)', [migration.name]);
    });
  }
}
