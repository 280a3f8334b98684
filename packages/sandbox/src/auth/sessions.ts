import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database, Queryable } from '../db/Database';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from '../http/AppEnv';

/** How long a login lasts unless SESSION_TTL_MS (settings.ts, read there once) says otherwise. */
export const DEFAULT_SESSION_TTL_MS = 30 * 60 * 1000;

export interface Session {
  sessionId: string;
  token: string;
  expiresAt: Date;
}

/**
 * What the database keeps of a session's token (migration 155): its SHA-256, so a copy of the
 * database opens no session. 256 random bits need no slow hash.
 */
const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

const newToken = (ttlMs: number) => ({ token: randomBytes(32).toString('hex'), expiresAt: new Date(Date.now() + ttlMs) });

/**
 * A session for the user while their password is still `user.password_hash` (the one the login checked, or
 * the one just set): one statement reads the account's row under a share lock, so a password change
 * (setPassword, which takes the row before it ends the sessions) either comes first and no session
 * is opened, or waits for this one and ends it. Undefined when the password has changed meanwhile.
 */
export async function createSession(db: Queryable, user: { id: number; password_hash: string }, ttlMs: number): Promise<Session | undefined> {
  const { token, expiresAt } = newToken(ttlMs);
  const rows = await db.query(
    `insert into sessions (token_hash, user_id, expires_at)
     select $1, u.id, $3 from (select id from users where id = $2 and password_hash = $4 for share) u
     returning user_id`,
    [tokenHashOf(token), user.id, expiresAt, user.password_hash],
  );
  // The session id is a public handle; only the token authenticates.
  return rows.length > 0 ? { sessionId: token.slice(0, 16), token, expiresAt } : undefined;
}

/**
 * SPEC 7 "GET refresh login": the live session behind `authorization` is exchanged for a new one, once.
 * The account's row is taken first (as a password change takes it), then the old session is ended by
 * one conditional delete, so two refreshes of a token, or a refresh racing a logout or a password
 * change, leave no second session. Undefined when the token opens nothing any more.
 */
export async function refreshSession(db: Database, authorization: string | undefined, ttlMs: number): Promise<{ userId: number; session: Session } | undefined> {
  const old = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];
  if (!old) return undefined;
  return db.transaction(async (tx) => {
    const [owner] = await tx.query<{ id: number }>(
      `select u.id from users u where u.id = (select user_id from sessions where token_hash = $1 and expires_at > now()) for share`,
      [tokenHashOf(old)],
    );
    if (!owner) return undefined;
    const [ended] = await tx.query<{ user_id: number }>('delete from sessions where token_hash = $1 and expires_at > now() returning user_id', [tokenHashOf(old)]);
    if (!ended) return undefined;
    const { token, expiresAt } = newToken(ttlMs);
    await tx.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [tokenHashOf(token), ended.user_id, expiresAt]);
    return { userId: ended.user_id, session: { sessionId: token.slice(0, 16), token, expiresAt } };
  });
}

/**
 * The user id behind a Bearer token, or a 401 (SPEC 8: the widget reads it as "session expired"),
 * also when the session's account is gone: read with its account in the one statement, so no wallet
 * call answers an empty wallet, pays or writes for no account, and none costs a statement more.
 */
export async function userIdOf(db: Queryable, authorization: string | undefined): Promise<number> {
  const token = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];
  if (!token) throw new ApiError(401, 'session_expired', 'Log in again');
  const [row] = await db.query<{ user_id: number; expires_at: Date }>(
    'select s.user_id, s.expires_at from sessions s join users u on u.id = s.user_id where s.token_hash = $1', [tokenHashOf(token)]);
  if (!row || row.expires_at.getTime() <= Date.now()) throw new ApiError(401, 'session_expired', 'Log in again');
  return row.user_id;
}

export async function endSession(db: Queryable, authorization: string | undefined): Promise<void> {
  const token = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];
  if (token) await db.query('delete from sessions where token_hash = $1', [tokenHashOf(token)]);
}

/** Middleware: the logged-in user's id in c.get('userId'), or 401. */
export function requireUser(db: Queryable): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('userId', await userIdOf(db, c.req.header('authorization')));
    await next();
  };
}

export function currentUserId(c: Context<AppEnv>): number {
  const id = c.get('userId');
  if (id === undefined) throw new ApiError(401, 'session_expired');
  return id;
}
