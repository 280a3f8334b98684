import { createServer, request, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf } from '@pasarela/vault/testing';
import { startTestVault, testCardVault, tokenizeTestCard, TOKENIZING_ORIGIN, type TestVault } from '../../test/testCardVault';
import { CardVaultUnavailable } from './cardVault';

// docs/operations.md "Stopping, and what survives a kill -9": every call the server makes to the card
// vault that a stopping vault refuses before doing anything for it (503 Vault-Not-Started) is sent once
// more on a new connection; refused again, it fails safe with the domain's error. (The forward, for an
// authorization or a saved card, is processorClient's: processorClient.test.ts.)

let vault: TestVault;
let front: Server;
let frontUrl = '';
/** How many of the next calls the front refuses as a stopping vault does, and the calls it saw. */
let refusals = 0;
const calls: string[] = [];

beforeAll(async () => {
  vault = await startTestVault({ checkoutOrigins: [TOKENIZING_ORIGIN] });
  // In front of the vault, a node stopping: it refuses as startVault.ts's notStarted does, else passes the call on.
  front = createServer((incoming, answer) => {
    calls.push(`${incoming.method} ${incoming.url}`);
    if (refusals > 0) {
      refusals -= 1;
      incoming.resume();
      answer.writeHead(503, { 'content-type': 'application/json', connection: 'close', 'vault-not-started': '1' }).end('{"code":"vault_stopping"}');
      return;
    }
    const { host: _host, ...headers } = incoming.headers;
    const outgoing = request(new URL(incoming.url ?? '/', vault.url), { method: incoming.method, headers }, (upstream) => {
      answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(answer);
    });
    outgoing.on('error', () => answer.destroy());
    incoming.pipe(outgoing);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address();
  frontUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((resolve) => front?.close(resolve));
  await vault?.close();
});

const refusing = (count: number) => {
  refusals = count;
  calls.length = 0;
  return testCardVault({ url: frontUrl });
};

describe('a card vault refusing a call as not started', () => {
  it('look-up: sent once more, the card\'s facts; refused again, CardVaultUnavailable (nothing charged)', async () => {
    const { token } = await tokenizeTestCard({ number: '4242 4242 4242 4242' });
    expect(await refusing(1).card(keyOf(token))).toMatchObject({ token: keyOf(token), last4: '4242', cvcHeld: true });
    expect(calls).toEqual([`GET /v1/cards/${keyOf(token)}`, `GET /v1/cards/${keyOf(token)}`]);
    await expect(refusing(2).card(keyOf(token))).rejects.toBeInstanceOf(CardVaultUnavailable);
    expect(calls).toHaveLength(2);
  });

  it('CVC drop: sent once more, the CVC dropped; refused again, CardVaultUnavailable (the vault\'s own time drops it)', async () => {
    const kept = await tokenizeTestCard({ number: '5555 5555 5555 4444' });
    await expect(refusing(2).dropCvc(kept.token)).rejects.toBeInstanceOf(CardVaultUnavailable);
    expect(calls).toEqual(['POST /v1/cards/cvc-drops', 'POST /v1/cards/cvc-drops']);
    expect(await testCardVault(vault).card(kept.token)).toMatchObject({ cvcHeld: true });
    await refusing(1).dropCvc(kept.token);
    expect(calls).toEqual(['POST /v1/cards/cvc-drops', 'POST /v1/cards/cvc-drops']);
    expect(await testCardVault(vault).card(kept.token)).toMatchObject({ cvcHeld: false });
  });

  it('health: sent once more, ok; refused again, unavailable', async () => {
    expect(await refusing(1).health()).toBe('ok');
    expect(await refusing(2).health()).toBe('unavailable');
  });
});
