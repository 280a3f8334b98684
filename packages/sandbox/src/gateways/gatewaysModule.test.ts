import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { cardPayload } from '../../test/testApp';
import { startTestServer } from '../../test/testServer';
import { loadGatewaysModule } from '@pasarela/gateways';
import { calls, issuer } from '../../test/gateways/exampleGatewaysModule';

// GATEWAYS_MODULE: a provider's adapters load without editing the server; the ports it gives are
// its, with its notification format; the others stay on the simulator.

const example = fileURLToPath(new URL('../../test/gateways/exampleGatewaysModule.ts', import.meta.url));
let server: RunningServer;
let client: ReturnType<typeof nodeClient>;
let code: string;

beforeAll(async () => {
  const port = await freePort();
  const gateways = await loadGatewaysModule(example, { notificationUrl: (p) => `http://localhost:${port}/gateways/${p}/notifications` });
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, gateways, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0 });
  client = nodeClient(server.url);
  code = String((await client.admin('POST', '/links', { amount: 30, taxAmount: 0, description: 'Módulo' })).data['code']);
});
afterAll(() => server?.close());

describe('GATEWAYS_MODULE', () => {
  it('the card port is the module\'s: a payment is charged through it, a 3DS outcome arrives in its own notification format', async () => {
    const before = calls.card;
    const paid = await client.api('/cards/auth-capture', cardPayload(code, { cardNumber: '4000000000003220', amount: 30, taxAmount: 0 }));
    const codOper = String(paid.data['codOper']);
    expect(calls.card).toBeGreaterThan(before);
    const event = [{ id: `example:${codOper}`, key: codOper, kind: 'card', decision: { status: 'approved', message: 'ok' } }];
    const refused = await fetch(`${server.url}/gateways/card/notifications`, { method: 'POST', body: JSON.stringify(event) });
    expect(refused.status).toBe(401);
    // The payer answered the issuer's page: the processor's books hold the approval the notification tells.
    expect(await issuer.completeChallenge(codOper, true)).toMatchObject({ status: 'approved' });
    const taken = await fetch(`${server.url}/gateways/card/notifications`, { method: 'POST', body: JSON.stringify(event), headers: { 'x-example-processor': 'trusted' } });
    expect(taken.status).toBe(200);
    const [row] = await server.db.query<{ status: number }>('select status from transactions where cod_oper = $1', [codOper]);
    expect(row?.status).toBe(1);
  });

  it('the ports it leaves out stay on the simulator: Nequi is asked there', async () => {
    const push = await client.api('/nequi/push', { code, phone: '63333333' });
    expect(push.status).toBe(200);
    expect(await server.gateways.push.status({ idempotencyKey: String(push.data['codOper']), deadline: new Date(Date.now() + 5_000) })).toMatchObject({ state: 'waiting' });
  });

  it('a module that names no port, or something else, stops the start with the reason', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gateways-module-'));
    writeFileSync(join(dir, 'wrong.mjs'), 'export default { gateways: { cards: {} } };');
    writeFileSync(join(dir, 'empty.mjs'), 'export const nothing = 1;');
    const context = { notificationUrl: () => '' };
    await expect(loadGatewaysModule(join(dir, 'wrong.mjs'), context)).rejects.toThrow(/cards is not a port/);
    await expect(loadGatewaysModule(join(dir, 'empty.mjs'), context)).rejects.toThrow(/export default/);
  });

  it('loads a module by the name of a package installed beside the server', async () => {
    const context = { notificationUrl: () => '' };
    process.env['STRIPE_SECRET_KEY'] = 'sk_test_module_by_name';
    try {
      const provided = await loadGatewaysModule('@pasarela/gateway-stripe', context);
      expect(Object.keys(provided.gateways)).toEqual(['card']);
    } finally {
      delete process.env['STRIPE_SECRET_KEY'];
    }
    await expect(loadGatewaysModule('./no-such-adapters.mjs', context)).rejects.toThrow();
  });
});
