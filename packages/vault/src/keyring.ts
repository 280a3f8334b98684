import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** A master key, given from outside the store (VAULT_MASTER_KEYS); only data keys are wrapped under it. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `id:base64key,id:base64key,...`: the first wraps new records, every one listed still unwraps.
 * Rotation, each step on every node before the next: add the new key second, put it first, re-wrap
 * (POST /v1/admin/rewrap), then drop the old one (docs/security.md "Card data").
 */
export function parseMasterKeys(text: string): MasterKey[] {
  const keys = text.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/_-]+={0,2})$/.exec(item);
    if (!match) throw new Error('VAULT_MASTER_KEYS: each key is id:base64 (an id of letters, digits, - or _)');
    const key = Buffer.from(match[2]!, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`VAULT_MASTER_KEYS: key ${match[1]} must be ${KEY_BYTES} bytes (AES-256), not ${key.length}`);
    return { id: match[1]!, key };
  });
  if (keys.length === 0) throw new Error('VAULT_MASTER_KEYS must name at least one key');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('VAULT_MASTER_KEYS: two keys share an id');
  return keys;
}

/** AES-256-GCM: iv, tag, then the ciphertext; `context` is bound in as associated data, so a sealed value moved to another record or purpose does not open. */
export function seal(key: Buffer, plain: Buffer, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Uint8Array, context: string): Buffer {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);

const wrapContext = (token: string, masterKeyId: string) => `data-key:${token}:${masterKeyId}`;

export interface Keyring {
  current: MasterKey;
  wrap(token: string, dataKey: Buffer): { wrapped: Buffer; masterKeyId: string };
  /** Throws when the record's master key is not in the list (removed too early). */
  unwrap(token: string, wrapped: Uint8Array, masterKeyId: string): Buffer;
  fingerprint(number: string): string;
}

export function keyring(masterKeys: readonly MasterKey[], fingerprintKey: Buffer): Keyring {
  const current = masterKeys[0];
  if (!current) throw new Error('The vault needs a master key');
  const byId = new Map(masterKeys.map((k) => [k.id, k.key]));
  return {
    current,
    wrap: (token, dataKey) => ({ wrapped: seal(current.key, dataKey, wrapContext(token, current.id)), masterKeyId: current.id }),
    unwrap(token, wrapped, masterKeyId) {
      const key = byId.get(masterKeyId);
      if (!key) throw new Error(`Master key ${masterKeyId} is not configured: re-wrap its records before removing it`);
      return open(key, wrapped, wrapContext(token, masterKeyId));
    },
    // The duplicate rule's fingerprint: its key lives with the vault only, so a copy of the server's
    // database (or of the vault's) gives nothing to test guessed numbers against.
    fingerprint: (number) => createHmac('sha256', fingerprintKey).update(number, 'utf8').digest('hex'),
  };
}
