import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Deps } from '../../Deps';
import { ApiError, badRequest } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { heldKeys, holdMsOf } from './rehearsals';
import { claimIdempotencyKey, findIdempotencyKey, IDEMPOTENCY_KEY_TTL_HOURS, recordIdempotentAnswer, releaseIdempotencyKey, type IdempotencyClaim } from '../../store/idempotencyKeys';

/** 1 to 255 visible ASCII characters (a UUID fits). */
const KEY = /^[\x21-\x7e]{1,255}$/;
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

/** Sorted keys, so two bodies that say the same thing hash the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function bodyOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  // Bytes, not text: hono keeps what it read, and gzip read as text no longer unpacks in readObjectBody.
  if ((await c.req.arrayBuffer()).byteLength === 0) return {};
  return readObjectBody(c);
}

export type Answer = readonly [status: ContentfulStatusCode, body: unknown];

/**
 * The Idempotency-Key a call runs under, for what it makes to carry (a refund's or a link's
 * request_key): `resumed` when a call of it did not end (its node died) or failed, so what that call
 * made is looked up first.
 */
export interface KeyedRequest extends IdempotencyClaim {
  key: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a merchant API POST once per Idempotency-Key (docs/merchant-api.md "Idempotency"): claimed by
 * a conditional insert, a repeat gets the kept answer (or a 409 with another body) and waits on any
 * node while the first runs; a failure lets the key go, and so does the death of the node running it
 * (a repeat of the request takes it over as `resumed`, another request afresh after a failure).
 * `required` calls are a 400 without one.
 */
export async function idempotent(
  c: Context<AppEnv>, deps: Pick<Deps, 'db'>, merchantId: number, run: (body: Record<string, unknown>, request: KeyedRequest | undefined) => Promise<Answer>,
  options: KeyOptions = {},
): Promise<Response> {
  requireKeyWhenNeeded(c, options);
  refuseQueryParameters(c);
  const body = await bodyOf(c);
  return idempotentOver(c, deps, merchantId, canonical(body), (request) => run(body, request), options);
}

/** What a repeat must match: the call and its body's canonical JSON (and, for a sealed answer, the secret's hash). */
export function requestHashOf(path: string, request: string, sealWith?: string): string {
  // A sealed answer belongs to the secret it is sealed with: a repeat under another is another request.
  const sealedFor = sealWith === undefined ? '' : `\n${createHash('sha256').update(sealWith).digest('hex')}`;
  return createHash('sha256').update(`${path}\n${request}${sealedFor}`).digest('hex');
}

export interface KeyOptions {
  /** A retry without a key could make a second link, refund or void. */
  required?: boolean;
  /** An answer holding a secret is stored sealed with the caller's key: the stored row alone opens nothing. */
  sealWith?: string;
}

function sealKeyOf(secret: string, merchantId: number, key: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, `${merchantId} ${key}`, 'pasarela idempotent answer', 32));
}

function seal(text: string, secretKey: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return JSON.stringify({ sealed: [iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.') });
}

function unseal(stored: string, secretKey: Buffer): string | undefined {
  try {
    const [iv, sealed, tag] = (JSON.parse(stored) as { sealed: string }).sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !sealed || !tag) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', secretKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A POST's fields are its body: one sent in the query string would be dropped, and a refund meant
 * for part would give back everything. `?lang=` is every call's (http/language.ts).
 */
function refuseQueryParameters(c: Context<AppEnv>): void {
  const name = Object.keys(c.req.queries()).find((n) => n !== 'lang');
  if (name !== undefined) throw badRequest('invalid_arguments', `${name} is not a parameter this call takes`);
}

function requireKeyWhenNeeded(c: Context<AppEnv>, options: KeyOptions): void {
  if (options.required && c.req.header('idempotency-key') === undefined) {
    throw badRequest('missing_idempotency_key', 'Idempotency-Key is required on this call (link creation, captures, refunds and voids): send one per request, the same one on its retries');
  }
}

/** The same for a POST whose body is not JSON (a logo's bytes): `request` is what a repeat must match. */
export async function idempotentOver(
  c: Context<AppEnv>, deps: Pick<Deps, 'db'>, merchantId: number, request: string, run: (keyed: KeyedRequest | undefined) => Promise<Answer>,
  options: KeyOptions = {},
): Promise<Response> {
  requireKeyWhenNeeded(c, options);
  refuseQueryParameters(c);
  const key = c.req.header('idempotency-key');
  const reply = (status: ContentfulStatusCode, text: string, replayed = false) =>
    c.body(text, status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(replayed ? { 'idempotent-replayed': 'true' } : {}) });
  const runNow = async (keyed?: KeyedRequest) => {
    const [status, answer] = await run(keyed);
    return { status, text: JSON.stringify(answer) };
  };
  if (key === undefined) {
    const { status, text } = await runNow();
    return reply(status, text);
  }
  if (!KEY.test(key)) throw badRequest('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  const path = `${c.req.method} ${c.req.path}`;
  const sealKey = options.sealWith === undefined ? undefined : sealKeyOf(options.sealWith, merchantId, key);
  const hash = requestHashOf(path, request, options.sealWith);
  const owner = deps.db.sessionName;
  const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
  const holdMs = holdMsOf(c);
  const heldAs = `${merchantId} ${key}`;
  for (;;) {
    const claim = await claimIdempotencyKey(deps.db, merchantId, key, path, hash, owner);
    if (claim) {
      let answer: { status: ContentfulStatusCode; text: string };
      try {
        // A rehearsal (docs/sandbox.md): the key is claimed and the request held, so a repeat meets it running.
        if (holdMs > 0) {
          heldKeys.add(heldAs);
          await sleep(holdMs).finally(() => heldKeys.delete(heldAs));
        }
        answer = await runNow({ key, ...claim });
      } catch (error) {
        await releaseIdempotencyKey(deps.db, merchantId, key, owner);
        throw error;
      }
      await recordIdempotentAnswer(deps.db, merchantId, key, owner, answer.status, sealKey ? seal(answer.text, sealKey) : answer.text);
      return reply(answer.status, answer.text);
    }
    const first = await findIdempotencyKey(deps.db, merchantId, key);
    if (!first) continue;
    if (first.request_path !== path || first.request_hash !== hash) {
      throw new ApiError(409, 'idempotency_key_reused', 'Idempotency-Key was used with another request: send a new key for a new request');
    }
    if (first.state === 'done' && first.status_code !== null && first.answer !== null) {
      const text = sealKey ? unseal(first.answer, sealKey) : first.answer;
      if (text === undefined) throw new ApiError(409, 'idempotency_key_reused', 'Idempotency-Key was used with another request: send a new key for a new request');
      return reply(first.status_code as ContentfulStatusCode, text, true);
    }
    if (Date.now() >= waitUntil || heldKeys.has(heldAs)) {
      throw new ApiError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still running: retry in a moment', { 'retry-after': String(retryAfterSecondsOf(first)) });
    }
    await sleep(POLL_MS);
  }
}

/** A key claimed before migration 186 running this long will not end: it is free when its 24 hours are. */
const UNOWNED_STUCK_MS = 60_000;

/**
 * When to ask again: a key's node is alive (a dead one's is taken over at once), so its call ends
 * within a gateway's deadline; a key claimed without an owner and running past a minute waits its 24 hours.
 */
function retryAfterSecondsOf(first: { owner: string | null; created_at: Date }): number {
  const age = Date.now() - first.created_at.getTime();
  if (first.owner !== null || age < UNOWNED_STUCK_MS) return 1;
  return Math.max(1, Math.ceil((IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000 - age) / 1000));
}
