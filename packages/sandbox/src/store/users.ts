import { DEFAULT_PROFILE_PHOTO, type Language } from '@pasarela/core';
import type { Database, Queryable } from '../db/Database';
import { deleteInBatches } from './deleteInBatches';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  name: string;
  lastname: string;
  phone: string;
  country: string;
  address1: string;
  city: string;
  password_hash: string;
  is_employee: boolean;
  balance_cents: number;
  /** Migration 190: the language they last signed up or logged in with; null when none is known. */
  lang: Language | null;
}

export async function findUserByLoginOrEmail(db: Queryable, loginOrEmail: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where lower(login) = lower($1) or lower(email) = lower($1) limit 1', [loginOrEmail]);
  return row;
}

/** The language a wallet user holding this e-mail (any case) has of their own, if one does. */
export async function ownLanguageOfAddress(db: Queryable, email: string): Promise<Language | undefined> {
  const [row] = await db.query<{ lang: Language }>('select lang from users where lower(email) = lower($1) and lang is not null limit 1', [email]);
  return row?.lang;
}

/** Signed up or logged in with `lang`: it becomes theirs. */
export async function keepUserLanguage(db: Queryable, userId: number, lang: Language): Promise<void> {
  await db.query('update users set lang = $2 where id = $1 and lang is distinct from $2', [userId, lang]);
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return row;
}

/**
 * Takes a try of a login (core loginTriesKey) before any password is checked, whether or not an
 * account has that login, atomically, so racing tries each get their own number; null while locked.
 * Past maxTries the count turns into a lock of lockMs, so tries whose requests died cannot refuse
 * the login forever. A count older than windowMs (from its first try) with no lock is over: this try
 * starts a new one.
 */
export async function takeLoginTry(db: Queryable, loginKey: string, maxTries: number, lockMs: number, windowMs: number): Promise<number | null> {
  const [row] = await db.query<{ tries: number }>(
    `insert into login_tries as t (login_key, tries, counted_since) values ($1, 1, now())
     on conflict (login_key) do update set
       tries = case when t.locked_until is null and t.counted_since > now() - $4::int * interval '1 millisecond' then t.tries + 1 else 1 end,
       counted_since = case when t.locked_until is null and t.counted_since > now() - $4::int * interval '1 millisecond' then t.counted_since else now() end,
       locked_until = case when t.locked_until is null and t.counted_since > now() - $4::int * interval '1 millisecond' and t.tries >= $2
         then now() + $3::int * interval '1 millisecond' end
     where t.locked_until is null or t.locked_until <= now()
     returning tries`,
    [loginKey, maxTries, lockMs, windowMs],
  );
  return row ? row.tries : null;
}

/**
 * Deletes the counts whose window and lock have both passed, `batch` rows a statement: the next try
 * of such a login starts afresh whether its row is there or not. A try racing the delete either
 * finds no row (a new count) or renews it first (skip locked: a row a try holds is left for the next
 * sweep). Returns how many went.
 */
export function forgetLapsedLoginTries(db: Queryable, windowMs: number, batch = 1000): Promise<number> {
  return deleteInBatches(async (n) => {
    const gone = await db.query<{ login_key: string }>(
      `delete from login_tries where login_key in (
         select login_key from login_tries
          where counted_since <= now() - $1::int * interval '1 millisecond' and (locked_until is null or locked_until <= now())
          limit $2 for update skip locked)
       returning login_key`,
      [windowMs, n],
    );
    return gone.length;
  }, batch);
}

export async function lockLogin(db: Queryable, loginKey: string, lockMs: number): Promise<void> {
  await db.query(`update login_tries set locked_until = now() + $2::int * interval '1 millisecond' where login_key = $1`, [loginKey, lockMs]);
}

export async function clearLoginTries(db: Queryable, loginKeys: readonly string[]): Promise<void> {
  await db.query('delete from login_tries where login_key = any($1::text[])', [loginKeys]);
}

/** SPEC 3 "User profile". */
export function profileOf(u: UserRow) {
  return {
    idUsr: u.id,
    login: u.login,
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    address1: u.address1,
    country: u.country,
    city: u.city,
    photo: DEFAULT_PROFILE_PHOTO,
  };
}

/** Conditional, so payments racing on any node overdraw nothing. */
export async function debitBalance(db: Queryable, userId: number, amountCents: number): Promise<boolean> {
  const rows = await db.query('update users set balance_cents = balance_cents - $2 where id = $1 and balance_cents >= $2 returning id', [userId, amountCents]);
  return rows.length > 0;
}

/** SPEC 7 "POST register". */
export interface Registration {
  login: string;
  email: string;
  name: string;
  lastname: string;
  phone: string;
  country: string;
  address1: string;
  city: string;
  howArrive: string;
  passwordHash: string;
}

/** Written only under insertUniqueUser's lock and check. */
async function insertRegisteredUser(db: Queryable, user: Registration, lang: Language): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `insert into users (login, email, name, lastname, phone, country, address1, city, how_arrive, password_hash, lang)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [user.login, user.email, user.name, user.lastname, user.phone, user.country, user.address1, user.city, user.howArrive, user.passwordHash, lang],
  );
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/**
 * Taken for every insert of a wallet account, by sign-up or by the console (and by any path that
 * would change a login or an e-mail), on any node: accounts are few and the insert is short. The name
 * is the one sign-ups took before the console's inserts joined it, so nodes of either release
 * serialise on it alike.
 */
const ACCOUNTS_LOCK = 'pasarela.wallet_signups';

/**
 * An account checked and written under ACCOUNTS_LOCK, so two creations at once (on any node, by sign-up
 * or console alike) cannot both take one login or one e-mail, in any case: each is compared as login
 * finds it (findUserByLoginOrEmail: without case, a login against e-mails too). With no login of its
 * own the account gets `randomLogin()`, drawn again while it clashes; a chosen login that is taken
 * answers 'login_taken', an e-mail that is 'email_taken'. Migration 196's indexes of lower(login) and
 * lower(email) are unique where the data let them be, but this check is what every path relies on.
 */
async function insertUniqueUser(
  db: Database, who: { email: string; login?: string | undefined }, randomLogin: () => string, insert: (tx: Queryable, login: string) => Promise<UserRow>,
): Promise<UserRow | 'login_taken' | 'email_taken'> {
  return db.transaction(async (tx) => {
    const taken = async (text: string) => (await tx.query('select 1 from users where lower(login) = lower($1) or lower(email) = lower($1) limit 1', [text])).length > 0;
    if (await taken(who.email)) return 'email_taken';
    let login = who.login ?? randomLogin();
    for (let draw = 1; await taken(login); draw++) {
      if (who.login !== undefined || draw >= 20) return 'login_taken';
      login = randomLogin();
    }
    return insert(tx, login);
  }, { advisoryLock: ACCOUNTS_LOCK });
}

/** A confirmed sign-up's account (insertUniqueUser). */
export async function insertSignedUpUser(
  db: Database, user: Omit<Registration, 'login'> & { login?: string | undefined }, lang: Language, randomLogin: () => string,
): Promise<UserRow | 'login_taken' | 'email_taken'> {
  return insertUniqueUser(db, user, randomLogin, (tx, login) => insertRegisteredUser(tx, { ...user, login }, lang));
}

export interface WalletUser {
  /** None: a random one (`randomLogin`), as a sign-up without one gets. */
  login?: string | undefined;
  email: string;
  name: string;
  lastname: string;
  phone: string;
  passwordHash: string;
  balanceCents: number;
  isEmployee: boolean;
}

/** A wallet account made by the console, under the sign-ups' guarantee (insertUniqueUser). */
export async function insertWalletUser(db: Database, user: WalletUser, randomLogin: () => string): Promise<UserRow | 'login_taken' | 'email_taken'> {
  return insertUniqueUser(db, user, randomLogin, async (tx, login) => {
    const [row] = await tx.query<UserRow>(
      `insert into users (login, email, name, lastname, phone, password_hash, balance_cents, is_employee)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
      [login, user.email, user.name, user.lastname, user.phone, user.passwordHash, user.balanceCents, user.isEmployee],
    );
    if (!row) throw new Error('user insert returned nothing');
    return row;
  });
}

/**
 * Every older session ends with the old password, in one transaction: the account's row is written
 * first, so a login or a refresh opening a session for it (auth/sessions.ts, under a share lock of the
 * row) either sees the new password and opens none, or finishes first and its session is ended by the
 * delete, a later statement that sees it.
 */
export async function setPassword(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
    await tx.query('delete from sessions where user_id = $1', [userId]);
  });
}

export interface UserServiceRow { id: number; name_or_alias: string; id_service: number; service_type: number; number: string; code: string }

/** SPEC 7 "services; wallet services; full user services (type number 134)", in the order added. */
export async function listUserServices(
  db: Queryable, userId: number, filter: { code: string | null; idService: number | null; full: boolean; limit: number | null },
): Promise<UserServiceRow[]> {
  return db.query<UserServiceRow>(
    `select * from user_services where user_id = $1 and ($2::text is null or code = $2) and ($3::int is null or id_service = $3)
       and ($4::boolean is false or service_type = 134) order by id limit $5`,
    [userId, filter.code, filter.idService, filter.full, filter.limit],
  );
}

export async function addUserService(db: Queryable, userId: number, service: { nameOrAlias: string; number: string; code: string }): Promise<void> {
  await db.query('insert into user_services (user_id, name_or_alias, number, code) values ($1, $2, $3, $4)', [userId, service.nameOrAlias, service.number, service.code]);
}

export interface NotificationRow { id: number; title: string; body: string; created_at: Date }

export async function listNotifications(db: Queryable, userId: number): Promise<NotificationRow[]> {
  return db.query<NotificationRow>('select * from notifications where user_id = $1 order by id desc limit 50', [userId]);
}
