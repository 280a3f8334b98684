import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMasterKey, testVault, tokenOf } from './testing/testVault';
import { openPglite } from './vaultDatabase';
import { cardStore } from './cardStore';
import { keyring } from './keyring';

const freePort = async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};

// A vault that cannot listen says which settings to change, as the server does for HOST and PORT.
describe('a vault that cannot listen', () => {
  let taken: Server;
  let takenPort = 0;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    takenPort = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('names VAULT_HOST and VAULT_PORT when the port is in use', async () => {
    await expect(testVault({ port: takenPort })).rejects.toThrow(new RegExp(`^Cannot listen on VAULT_HOST 127\\.0\\.0\\.1 and VAULT_PORT ${takenPort}: listen EADDRINUSE`));
  });

  it('names VAULT_HOST and VAULT_PORT when the host does not resolve', async () => {
    await expect(testVault({ host: 'vault.invalid', port: 4300 })).rejects.toThrow(/^Cannot listen on VAULT_HOST vault\.invalid and VAULT_PORT 4300: getaddrinfo (ENOTFOUND|EAI_AGAIN) vault\.invalid$/);
  });

  it('names VAULT_FORWARD_PORT_<name> when a processor\'s port is in use, and holds no port after', async () => {
    const mainPort = await freePort();
    const start = testVault({ port: mainPort, processors: new Map([['stripe', new URL('http://127.0.0.1:1')]]), forwardingPorts: new Map([['stripe', takenPort]]) });
    await expect(start).rejects.toThrow(new RegExp(`^Cannot listen on VAULT_HOST 127\\.0\\.0\\.1 and VAULT_FORWARD_PORT_stripe ${takenPort}: listen EADDRINUSE`));
    // Its own port, opened before the processor's failed, was let go.
    const again = await testVault({ port: mainPort });
    await again.close();
  });
});

// docs/security.md: a value the vault cannot use stops its start. A master key listed under the id
// its cards were wrapped under, but not that key (other bytes), would fail each of those cards and
// wrap new ones under a key no other node holds.
describe('a vault given another key under its cards\' key id', () => {
  it('does not start, naming the key; the right key still opens every card', async () => {
    const database = await openPglite(undefined);
    const right = newMasterKey('k2');
    try {
      const first = await testVault({ database, masterKeys: [right] });
      const token = await tokenOf(first, '4242424242424242');
      await first.close();
      await expect(testVault({ database, masterKeys: [newMasterKey('k2')] }))
        .rejects.toThrow('VAULT_MASTER_KEYS: key k2 does not open the cards wrapped under its id: give the key they were wrapped with (its bytes), or a new key under a new id');
      // A new key under a new id, with the right one after it, starts (rotation's first step).
      const rotating = await testVault({ database, masterKeys: [newMasterKey('k3'), right] });
      await rotating.close();
      const again = await testVault({ database, masterKeys: [right] });
      expect(await cardStore(database, keyring([right], Buffer.alloc(32, 7)), 86_400_000).open(token)).toMatchObject({ number: '4242424242424242' });
      await again.close();
    } finally {
      await database.close();
    }
  });
});

// docs/security.md, VAULT_FORWARD: a card number crosses the network in clear only to this machine.
// A vault started from code (several nodes in one process, a test) is held to it as main.ts's settings are.
describe('a vault started from code with a processor on plain http', () => {
  it.each([
    ['another host', 'http://api.stripe.com', /^VAULT_FORWARD_stripe must be an https URL: card numbers would cross the network in clear to http:\/\/api\.stripe\.com/],
    ['a private address', 'http://10.0.0.7:4100', /^VAULT_FORWARD_stripe must be an https URL/],
    ['every address', 'http://0.0.0.0:4100', /^VAULT_FORWARD_stripe must be an https URL/],
    ['a URL of another kind', 'ftp://127.0.0.1/cards', /^VAULT_FORWARD_stripe must be an http\(s\) URL/],
  ])('does not start for %s, naming the processor', async (_, url, message) => {
    await expect(testVault({ processors: new Map([['stripe', new URL(url)]]) })).rejects.toThrow(message);
  });

  it('starts for a processor on a loopback address or over https', async () => {
    const vault = await testVault({ processors: new Map([['sim', new URL('http://[::1]:4100')], ['local', new URL('http://localhost:4100')], ['stripe', new URL('https://api.stripe.com')]]) });
    await vault.close();
  });
});
