import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { RunningServer } from '../server';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { tokenizedCardPayload } from '../../test/testApp';
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
    const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 30, taxAmount: 0 }));
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
    const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'gateways-module-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'wrong.mjs'), 'export default { gateways: { cards: {} } };');
    writeFileSync(join(dir, 'empty.mjs'), 'export const nothing = 1;');
    const context = { notificationUrl: () => '' };
    await expect(loadGatewaysModule(join(dir, 'wrong.mjs'), context)).rejects.toThrow(/cards is not a port/);
    await expect(loadGatewaysModule(join(dir, 'empty.mjs'), context)).rejects.toThrow(/export default/);
    writeFileSync(join(dir, 'captcha.mjs'), 'export default { gateways: {}, captcha: { check() {} } };');
    await expect(loadGatewaysModule(join(dir, 'captcha.mjs'), context)).rejects.toThrow(/captcha is not an adapter with verify/);
    writeFileSync(join(dir, 'captchaLife.mjs'), "export default { gateways: {}, captcha: { verify: async () => ({ valid: true, score: null, madeFor: null }), tokenLifeMs: '2 minutes' } };");
    await expect(loadGatewaysModule(join(dir, 'captchaLife.mjs'), context)).rejects.toThrow(/captcha.tokenLifeMs is not a number of milliseconds above 0/);
  });

  it('its captcha adapter is the one a payment asks, once, about its token and merchant', async () => {
    const asked: Array<{ token: string; merchantId: string }> = [];
    const captcha = {
      verify: async (request: { token: string; merchantId: string }) => {
        asked.push(request);
        return { valid: request.token !== 'provider-says-bot', score: null, madeFor: null };
      },
    };
    const port = await freePort();
    const own = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, gateways: { gateways: {}, captcha }, expirySweepIntervalMs: 0, subscriptionChargeIntervalMs: 0, webhookIntervalMs: 0 });
    try {
      const api = nodeClient(own.url);
      const link = String((await api.admin('POST', '/links', { amount: 7, description: 'Captcha propio' })).data['code']);
      const [{ merchant_id: merchantId } = { merchant_id: 0 }] = await own.db.query<{ merchant_id: number }>('select merchant_id from payment_links where code = $1', [link]);
      expect((await api.api('/nequi/push', { code: link, phone: '63333333', captchaToken: 'provider-token-1' })).status).toBe(200);
      expect(asked).toEqual([{ token: 'provider-token-1', merchantId: String(merchantId) }]);
      expect((await api.api('/nequi/push', { code: link, phone: '63333333', captchaToken: 'provider-says-bot' })).data['code']).toBe('error_captcha');
    } finally {
      await own.close();
    }
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
    await expect(loadGatewaysModule('./no-such-adapters.mjs', context)).rejects.toThrow(/^GATEWAYS_MODULE \.\/no-such-adapters\.mjs could not be loaded: Cannot find module/);
  });
});
