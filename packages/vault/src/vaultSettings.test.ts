import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { vaultSettingsOf } from './vaultSettings';

// What main.ts starts the vault with: each setting read, and each bad value refused naming the setting.
const key32 = randomBytes(32).toString('base64');
const minimal = { VAULT_API_SECRET: 'a'.repeat(32), VAULT_MASTER_KEYS: `k1:${key32}`, VAULT_FINGERPRINT_KEY: key32 };
const settingsWith = (env: Record<string, string>) => () => vaultSettingsOf({ ...minimal, ...env });

describe('vaultSettingsOf', () => {
  it('reads the required settings and defaults the rest', () => {
    const settings = vaultSettingsOf(minimal);
    expect(settings).toMatchObject({ apiSecret: minimal.VAULT_API_SECRET, otherApiSecret: undefined, checkoutOrigins: [], cvcTtlMs: 600_000, unusedTokenTtlMs: 3_600_000, usedCardTtlMs: 86_400_000, databaseUrl: undefined, publicUrl: undefined, port: 0, host: undefined, trustedProxies: [], shutdownDrainMs: 5_000 });
    expect(vaultSettingsOf({ ...minimal, VAULT_SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    // Blank is unset, as the server reads its settings: the default, never a port 0 or a refusal.
    expect(vaultSettingsOf({ ...minimal, VAULT_PORT: ' ', VAULT_CVC_TTL_SECONDS: ' ' })).toMatchObject({ port: 0, cvcTtlMs: 600_000 });
    expect(vaultSettingsOf({ ...minimal, VAULT_PORT: '4300', VAULT_CVC_TTL_SECONDS: '60' })).toMatchObject({ port: 4300, cvcTtlMs: 60_000 });
    expect(settings.fingerprintKey).toEqual(Buffer.from(key32, 'base64'));
    expect(settings.masterKeys.map((k) => k.id)).toEqual(['k1']);
  });

  it('reads the processors from VAULT_FORWARD and VAULT_FORWARD_<name>, and their ports', () => {
    const settings = vaultSettingsOf({ ...minimal, VAULT_FORWARD: '{"stripe":"https://api.stripe.com"}', VAULT_FORWARD_simulator: 'http://127.0.0.1:4100', VAULT_FORWARD_PORT_stripe: '4310' });
    expect([...settings.processors].map(([name, url]) => [name, url.href])).toEqual([['stripe', 'https://api.stripe.com/'], ['simulator', 'http://127.0.0.1:4100/']]);
    expect(settings.forwardingPorts).toEqual(new Map([['stripe', 4310]]));
    expect(vaultSettingsOf({ ...minimal, VAULT_CHECKOUT_ORIGINS: 'http://localhost:4310, https://pay.example, http://[::1]:4310' }).checkoutOrigins).toEqual(['http://localhost:4310', 'https://pay.example', 'http://[::1]:4310']);
  });

  it('takes a fingerprint key in base64 or base64url, padded or not, and a public URL that is an origin', () => {
    const key = Buffer.from(Array.from({ length: 33 }, (_, i) => 250 + (i % 6)));
    for (const written of [key.toString('base64'), key.toString('base64url')]) expect(vaultSettingsOf({ ...minimal, VAULT_FINGERPRINT_KEY: written }).fingerprintKey).toEqual(key);
    expect(vaultSettingsOf({ ...minimal, VAULT_FINGERPRINT_KEY: key32.replace(/=+$/, '') }).fingerprintKey).toEqual(Buffer.from(key32, 'base64'));
    for (const url of ['https://vault.example.com', 'https://vault.example.com/', 'http://127.0.0.1:4300']) expect(vaultSettingsOf({ ...minimal, VAULT_PUBLIC_URL: url }).publicUrl).toBe(url.replace(/\/$/, ''));
  });

  // A card number crosses the network to a processor: in clear only to this machine itself.
  it('takes a processor on plain http only on a loopback address, in any spelling of one', () => {
    for (const url of ['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100', 'http://127.8.9.10', 'http://2130706433:4100', 'http://[::ffff:127.0.0.1]:4100']) {
      expect(vaultSettingsOf({ ...minimal, VAULT_FORWARD_simulator: url }).processors.get('simulator')?.protocol).toBe('http:');
    }
    expect(vaultSettingsOf({ ...minimal, VAULT_FORWARD: '{"stripe":"https://api.stripe.com"}' }).processors.get('stripe')?.href).toBe('https://api.stripe.com/');
  });

  it('reads VAULT_TRUSTED_PROXIES as addresses and CIDRs', () => {
    expect(vaultSettingsOf({ ...minimal, VAULT_TRUSTED_PROXIES: '10.0.0.0/24, 2001:db8::5,192.168.1.7' }).trustedProxies).toEqual(['10.0.0.0/24', '2001:db8::5', '192.168.1.7']);
  });

  it.each([
    ['no API secret', { VAULT_API_SECRET: '' }, /^VAULT_API_SECRET must be set/],
    ['a short API secret', { VAULT_API_SECRET: 'short' }, /^VAULT_API_SECRET must be at least 16 characters/],
    ['the other secret the same', { VAULT_OTHER_API_SECRET: minimal.VAULT_API_SECRET }, /^VAULT_OTHER_API_SECRET .* must differ/],
    ['a master key of 16 bytes', { VAULT_MASTER_KEYS: `k1:${randomBytes(16).toString('base64')}` }, /^VAULT_MASTER_KEYS: key k1 must be 32 bytes/],
    ['a fingerprint key of 16 bytes', { VAULT_FINGERPRINT_KEY: randomBytes(16).toString('base64') }, /^VAULT_FINGERPRINT_KEY must be base64 of 32 bytes or more/],
    // Buffer.from('...', 'base64') drops each character that is not base64 and decodes the rest.
    ['a fingerprint key in quotes', { VAULT_FINGERPRINT_KEY: `"${key32}"` }, /^VAULT_FINGERPRINT_KEY must be base64 of 32 bytes or more/],
    ['a fingerprint key with a character not of base64', { VAULT_FINGERPRINT_KEY: `${key32.slice(0, 10)}!${key32.slice(10)}` }, /^VAULT_FINGERPRINT_KEY must be base64 of 32 bytes or more/],
    ['a fingerprint key with a space', { VAULT_FINGERPRINT_KEY: `${key32.slice(0, 10)} ${key32.slice(10)}` }, /^VAULT_FINGERPRINT_KEY must be base64 of 32 bytes or more/],
    ['a checkout origin with a path', { VAULT_CHECKOUT_ORIGINS: 'https://pay.example/checkout' }, /^VAULT_CHECKOUT_ORIGINS: https:\/\/pay.example\/checkout is not an origin/],
    ['a checkout origin in capitals', { VAULT_CHECKOUT_ORIGINS: 'https://Pay.example' }, /^VAULT_CHECKOUT_ORIGINS: https:\/\/Pay.example is not an origin as a browser sends it/],
    ['a checkout origin with its default port', { VAULT_CHECKOUT_ORIGINS: 'http://localhost:4310,https://pay.example:443' }, /^VAULT_CHECKOUT_ORIGINS: https:\/\/pay.example:443 is not an origin/],
    ['a checkout origin with credentials', { VAULT_CHECKOUT_ORIGINS: 'https://user@pay.example' }, /^VAULT_CHECKOUT_ORIGINS: https:\/\/user@pay.example is not an origin/],
    ['VAULT_FORWARD that is JSON but null', { VAULT_FORWARD: 'null' }, /^VAULT_FORWARD is a JSON map/],
    ['VAULT_FORWARD that is a JSON list', { VAULT_FORWARD: '["https://api.stripe.com"]' }, /^VAULT_FORWARD is a JSON map/],
    ['VAULT_FORWARD that is a JSON string', { VAULT_FORWARD: '"https://api.stripe.com"' }, /^VAULT_FORWARD is a JSON map/],
    ['a forward that is no URL', { VAULT_FORWARD_stripe: 'api.stripe.com' }, /^VAULT_FORWARD_stripe must be an http\(s\) URL/],
    ['a forward on plain http to another host', { VAULT_FORWARD_stripe: 'http://api.stripe.com' }, /^VAULT_FORWARD_stripe must be an https URL: card numbers would cross the network in clear to http:\/\/api\.stripe\.com \(plain http is taken only to a loopback address/],
    ['a forward on plain http to a private address', { VAULT_FORWARD: '{"sim":"http://10.0.0.7:4100"}' }, /^VAULT_FORWARD's sim must be an https URL/],
    ['a forward on plain http to a name under localhost', { VAULT_FORWARD_sim: 'http://localhost.example.com:4100' }, /^VAULT_FORWARD_sim must be an https URL/],
    ['a forward on plain http to every address', { VAULT_FORWARD_sim: 'http://0.0.0.0:4100' }, /^VAULT_FORWARD_sim must be an https URL/],
    ['VAULT_FORWARD that is no JSON', { VAULT_FORWARD: 'stripe=https://api.stripe.com' }, /^VAULT_FORWARD is a JSON map/],
    ['a CVC time past an hour', { VAULT_CVC_TTL_SECONDS: '3601' }, /^VAULT_CVC_TTL_SECONDS is a whole number/],
    ['an unused token time under 5 minutes', { VAULT_UNUSED_TOKEN_TTL_MS: '1000' }, /^VAULT_UNUSED_TOKEN_TTL_MS is a whole number/],
    ['a used card time under an hour', { VAULT_USED_CARD_TTL_MS: '60000' }, /^VAULT_USED_CARD_TTL_MS is a whole number/],
    ['a used card time past a year', { VAULT_USED_CARD_TTL_MS: '31536000001' }, /^VAULT_USED_CARD_TTL_MS is a whole number/],
    ['a drain past a minute', { VAULT_SHUTDOWN_DRAIN_MS: '60001' }, /^VAULT_SHUTDOWN_DRAIN_MS is a whole number of milliseconds, 0 to 60000$/],
    ['a database URL of another kind', { VAULT_DATABASE_URL: 'mysql://vault:pw@db/vault' }, /^VAULT_DATABASE_URL must be a PostgreSQL URL/],
    ['a public URL that is no URL', { VAULT_PUBLIC_URL: 'vault.example.com' }, /^VAULT_PUBLIC_URL must be an http\(s\) URL/],
    ['a public URL with a path', { VAULT_PUBLIC_URL: 'https://vault.example.com/fields' }, /^VAULT_PUBLIC_URL must be an origin such as https:\/\/vault.example.com, with no path, query or credentials$/],
    ['a public URL with a query', { VAULT_PUBLIC_URL: 'https://vault.example.com/?lang=en' }, /^VAULT_PUBLIC_URL must be an origin/],
    ['a public URL with credentials', { VAULT_PUBLIC_URL: 'https://user:pw@vault.example.com' }, /^VAULT_PUBLIC_URL must be an origin/],
    ['a trusted proxy that is a host name', { VAULT_TRUSTED_PROXIES: '10.0.0.1,lb.internal' }, /^VAULT_TRUSTED_PROXIES must list IP addresses or CIDRs, got "lb.internal"$/],
    ['a trusted proxy with a prefix past 32', { VAULT_TRUSTED_PROXIES: '10.0.0.0/33' }, /^VAULT_TRUSTED_PROXIES must list IP addresses or CIDRs/],
    ['a port out of range', { VAULT_PORT: '70000' }, /^VAULT_PORT must be a port number/],
    // A number is written in digits alone, as the server's settings are (docs/operations.md "Settings"): these are typos, not numbers.
    ['a port in hex', { VAULT_PORT: '0x10' }, /^VAULT_PORT must be a port number/],
    ['a port with a decimal point', { VAULT_PORT: '4300.0' }, /^VAULT_PORT must be a port number/],
    ['a forwarding port in exponent form', { VAULT_FORWARD_PORT_stripe: '4e3' }, /^VAULT_FORWARD_PORT_stripe must be a port number/],
    ['a CVC time in exponent form', { VAULT_CVC_TTL_SECONDS: '1e3' }, /^VAULT_CVC_TTL_SECONDS is a whole number/],
    ['an unused token time with spaces around it', { VAULT_UNUSED_TOKEN_TTL_MS: ' 3600000 ' }, /^VAULT_UNUSED_TOKEN_TTL_MS is a whole number/],
    ['a used card time in hex', { VAULT_USED_CARD_TTL_MS: '0x5265C00' }, /^VAULT_USED_CARD_TTL_MS is a whole number/],
    ['a drain with a sign', { VAULT_SHUTDOWN_DRAIN_MS: '+5000' }, /^VAULT_SHUTDOWN_DRAIN_MS is a whole number/],
  ])('refuses %s, naming the setting', (_, env, message) => {
    expect(settingsWith(env)).toThrow(message);
  });
});
