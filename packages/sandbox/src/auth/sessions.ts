import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Queryable } from '../db/Database';
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

export async function createSession(db: Queryable, userId: number, ttlMs: number): Promise<Session> {
  const token = randomBytes(32).toString('hex');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [tokenHashOf(token), userId, expiresAt]);
  // The session id is a public handle; only the token authenticates.
  return { sessionId: token.slice(0, 16), token, expiresAt };
}

/** The user id behind a Bearer token, or a 401 (SPEC 8: the widget reads it as "session expired"). */
export async function userIdOf(db: Queryable, authorization: string | undefined): Promise<number> {
  const token = /^Bearer ([0-9a-f]{64})$/.exec(authorization ?? '')?.[1];
  if (!token) throw new ApiError(401, 'session_expired', 'Log in again');
  const [row] = await db.query<{ user_id: number; expires_at: Date }>('select user_id, expires_at from sessions where token_hash = $1', [tokenHashOf(token)]);
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
