import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { CARD_BRANDS, CARD_TOKEN_PATTERN } from '@pasarela/core';

/**
 * A card's facts sealed into the token the vault answers a browser (`tok_<key>.<sealed>`), so the
 * application server reads them without asking the vault: brand, BIN, last four, expiry, the duplicate
 * rule's fingerprint, and until when the vault holds its CVC and keeps the card unused. Sealed with
 * AES-256-GCM under a key both derive from VAULT_API_SECRET (HKDF), the token's key bound in: the payer's
 * browser carries it and can neither read it (the fingerprint stays the vault's and the server's) nor
 * change it. Anything that does not open is no seal: the server asks the vault, which stays the truth.
 */
/** A card's facts as the vault tells them to the server, sealed or asked for (`GET /v1/cards/:token`). */
export const CARD_FACTS_ENTRIES = {
  brand: v.picklist(CARD_BRANDS),
  bin: v.pipe(v.string(), v.regex(/^\d{6}$/)),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
  fingerprint: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
};
const SealedFactsSchema = v.object({
  ...CARD_FACTS_ENTRIES,
  /** Epoch milliseconds: the vault drops the CVC then at the latest (VAULT_CVC_TTL_SECONDS). */
  cvcUntil: v.pipe(v.number(), v.integer()),
  /** Epoch milliseconds: the vault deletes the card then unless a server call used its token. */
  unusedUntil: v.pipe(v.number(), v.integer()),
});
export type SealedCardFacts = v.InferOutput<typeof SealedFactsSchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A token as the vault takes it anywhere (core's CARD_TOKEN_PATTERN): its key, and its seal if it carries one. */
export const isCardToken = (token: string) => CARD_TOKEN_PATTERN.test(token);

/** The AES-256 key both sides derive from the vault's API secret: rotating the secret rotates it. */
export function cardFactsKey(apiSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', apiSecret, 'pasarela card vault', 'card facts seal v1', 32));
}

/** The token's key (`tok_` and 32 characters, what the vault stores the card under) and its seal, if it carries one. */
export function splitCardToken(token: string): { key: string; sealed: string | null } {
  const dot = token.indexOf('.');
  return dot < 0 ? { key: token, sealed: null } : { key: token.slice(0, dot), sealed: token.slice(dot + 1) };
}

/** The token a browser is answered: the card's key and its facts sealed, in base64url. */
export function sealedCardToken(key: Buffer, token: string, facts: SealedCardFacts): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(token, 'utf8'));
  const body = Buffer.concat([cipher.update(JSON.stringify(facts), 'utf8'), cipher.final()]);
  return `${token}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The facts a token carries, or null: no seal, another key's, altered, or not the facts' shape. */
export function openCardToken(key: Buffer, token: string): (SealedCardFacts & { token: string }) | null {
  if (!isCardToken(token)) return null;
  const { key: cardKey, sealed } = splitCardToken(token);
  if (sealed === null) return null;
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(cardKey, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const parsed = v.safeParse(SealedFactsSchema, JSON.parse(plain));
    return parsed.success ? { ...parsed.output, token: cardKey } : null;
  } catch {
    return null;
  }
}
