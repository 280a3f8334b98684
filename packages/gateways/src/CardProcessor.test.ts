import { describe, expect, it } from 'vitest';
import { vaultCardKey } from './CardProcessor';

/** As the vault makes them: `tok_` and 24 random bytes in base64url. */
const KEY = 'tok_Xk3-9aQ_7bLmN0pR2sT4uV6wY8zA1cE5';

describe('vaultCardKey', () => {
  it.each([
    ['the key alone', KEY],
    ['sealed, the shortest seal (40)', `${KEY}.${'A'.repeat(40)}`],
    ['sealed, the longest seal (600)', `${KEY}.${'a1_-'.repeat(150)}`],
  ])('%s is the vault key', (_case, token) => {
    expect(vaultCardKey(token)).toBe(KEY);
  });

  it.each([
    ['a seal too short (39)', `${KEY}.${'A'.repeat(39)}`],
    ['a seal too long (601)', `${KEY}.${'A'.repeat(601)}`],
    ['an empty seal after the dot', `${KEY}.`],
    ['a seal that is not base64url', `${KEY}.${'A'.repeat(39)}=`],
    ['a key one character short', KEY.slice(0, -1)],
    ['a key one character long', `${KEY}A`],
    ["Stripe's payment method", 'pm_1PqRsTuVwXyZaBcDeFgHiJkL'],
    ["Stripe's own tok_ of another length", 'tok_1PqRsTuVwXyZaBcDeFgHiJkL'],
    ['a card number', '4242424242424242'],
    ['the key with a space around it', ` ${KEY}`],
    ['nothing', ''],
  ])('%s is no vault token', (_case, token) => {
    expect(vaultCardKey(token)).toBeUndefined();
  });
});
