import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { WebhookEventSchema, type WebhookEvent } from './answers';

/** A delivery Pasarela did not sign (another secret, a changed body, too old) or whose body is no event (not JSON, no id or type). */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface VerifyOptions {
  /** How far the signature's time may be from now, in seconds (default 300; a finite number, 0 or more, else a TypeError). */
  toleranceSeconds?: number;
  /** Now, in unix seconds (for tests). */
  nowSeconds?: number;
}

/** The fields of a `Pasarela-Signature` header: `t=<unix seconds>,v1=<hex>` (several v1 while a secret rolls). */
function parseHeader(header: string): { t: number; signatures: string[] } {
  let t = NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) t = Number(value);
    if (name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return { t, signatures };
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : value === undefined ? 'undefined' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'a parsed object' : `a ${typeof value}`;

/**
 * Checks a webhook delivery's signature and age (so a captured one cannot be replayed) and returns its
 * event. `rawBody` is the body as received (a string, or its bytes: a Buffer, a Uint8Array, an
 * ArrayBuffer from `await request.arrayBuffer()`), never re-serialised JSON. An event this version does not
 * know is returned as it came: answer it 2xx. Throws WebhookVerificationError.
 */
export function constructEvent(rawBody: string | Uint8Array | ArrayBuffer, signatureHeader: string | string[] | undefined | null, webhookSecret: string, options: VerifyOptions = {}): WebhookEvent {
  // JavaScript callers (and `any`) can pass what a JSON body parser made: the signature is over the bytes sent, which that lost.
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array) && !(rawBody instanceof ArrayBuffer)) {
    throw new WebhookVerificationError(`constructEvent needs the raw body as received (a string or Buffer), or its ArrayBuffer, not ${kindOf(rawBody)}: `
      + "the signature covers the exact bytes sent. Read the body raw on this route (Express: express.raw({ type: 'application/json' }); Next.js: await req.text()) and parse nothing before verifying.");
  }
  if (typeof webhookSecret !== 'string' || webhookSecret === '') throw new WebhookVerificationError("webhookSecret is required: your endpoint's whsec_... secret");
  const header = Array.isArray(signatureHeader) ? signatureHeader.join(',') : signatureHeader ?? '';
  const { t, signatures } = parseHeader(header);
  if (!Number.isSafeInteger(t) || signatures.length === 0) throw new WebhookVerificationError('Pasarela-Signature is missing or malformed');
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  // NaN or Infinity would let a signature of any age through: the replay check is never switched off by a bad setting.
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError(`toleranceSeconds must be a number of seconds, 0 or more; got ${String(options.toleranceSeconds)}`);
  if (!Number.isFinite(now)) throw new TypeError(`nowSeconds must be unix seconds; got ${String(options.nowSeconds)}`);
  if (Math.abs(now - t) > tolerance) throw new WebhookVerificationError('The signature is too old (or from the future): a replay?');
  // The bytes as received are what was signed.
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody instanceof ArrayBuffer ? Buffer.from(rawBody) : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = createHmac('sha256', webhookSecret).update(`${t}.`, 'utf8').update(bytes).digest();
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('The signature does not match: another secret, or a changed body');
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('The body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new WebhookVerificationError('The body is not a Pasarela event: not an object');
  const { id, type } = parsed as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof type !== 'string' || type === '') throw new WebhookVerificationError('The body is not a Pasarela event: no id or type');
  const event = v.safeParse(WebhookEventSchema, parsed);
  return event.success ? event.output : (parsed as WebhookEvent);
}
