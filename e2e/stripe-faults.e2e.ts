import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createLink, transactionsFor } from './support/admin';
import { tokenizedCardPayload, asCaller } from '../packages/sandbox/test/testApp';
import { startStripeTestDoor, type StripeTestDoor } from '../packages/gateway-stripe/src/testing/stripeThroughVault';
import { startFaultProxy, type FaultProxy } from '../packages/gateway-stripe/src/testing/faultProxy';
import { startSandbox, type RunningSandbox, type VaultProcess } from '../scripts/sandbox-process.mjs';

// Faults between the server and Stripe: the built server (GATEWAYS_MODULE=@pasarela/gateway-stripe)
// reaches stripe-stateful-mock through its card vault's Stripe forwarding and then a proxy that loses the charge's answer, on every try, or
// holds it past the deadline, or never lets the call reach Stripe. The payer's request ends by the
// server's deadline (10 s), Stripe holds one charge per payment at most, and the reconciler, asking
// the adapter by the attempt's key once the answers flow again, records the charged payments
// approved and forgets the one Stripe never received.

const SECRET_KEY = 'sk_test_pasarela_e2e_faults';
const DEADLINE_MS = 10_000;
/** The server's answer after the deadline: its own work and a busy machine (0.5 s alone; 3.3 s once in npm test, four browser files beside it on two cores). */
const SLACK_MS = 5_000;

describe('faults between the server and Stripe', () => {
  let door: StripeTestDoor;
  let proxy: FaultProxy;
  let sandbox: RunningSandbox & { vault?: VaultProcess };

  beforeAll(async () => {
    door = await startStripeTestDoor();
    proxy = await startFaultProxy(door.url);
    // The vault forwards to Stripe (the proxy) from an origin of its own, the adapter's STRIPE_API_URL.
    sandbox = await startSandbox({
      GATEWAYS_MODULE: '@pasarela/gateway-stripe', STRIPE_SECRET_KEY: SECRET_KEY, VAULT_FORWARD_stripe: proxy.url, VAULT_FORWARD_PORT_stripe: '0', EXPIRY_SWEEP_INTERVAL_MS: '1000',
    });
  }, 120_000);
  afterAll(async () => {
    await sandbox?.stop();
    await proxy?.stop();
    await door?.stop();
  });

  async function pay(code: string, amount: number): Promise<{ status: number; waitedMs: number }> {
    const started = Date.now();
    const res = await fetch(`${sandbox.url}/api/v1/cards/auth-capture`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...asCaller() },
      body: JSON.stringify(await tokenizedCardPayload(code, { cardNumber: '4242424242424242', amount, taxAmount: 0, vaultUrl: sandbox.vault?.url })),
    });
    await res.body?.cancel();
    return { status: res.status, waitedMs: Date.now() - started };
  }

  it('answers lost, held, or Stripe unreachable: 504 by the deadline, one charge at most, settled by the reconciler', async () => {
    const rows = [
      { fault: 'answer lost once', amount: 30, how: 'cut-answer' as const, once: true },
      { fault: 'answer lost on every try', amount: 31, how: 'cut-answer' as const },
      { fault: 'answer held past the deadline', amount: 32, how: 'hold-answer' as const },
      { fault: 'Stripe unreachable', amount: 33, how: 'refuse' as const },
    ];
    const lostOnce = new Set<number>();
    proxy.plan((method, path, body) => {
      const row = method === 'POST' && path === '/v1/charges' ? rows.find((r) => body.includes(`amount=${r.amount * 100}&`)) : undefined;
      if (!row || lostOnce.has(row.amount)) return 'pass';
      if ('once' in row) lostOnce.add(row.amount);
      return row.how;
    });
    const codes = await Promise.all(rows.map((row) => createLink(sandbox, { amount: row.amount, taxAmount: 0, description: row.fault })));
    const answers = await Promise.all(rows.map((row, i) => pay(codes[i] ?? '', row.amount)));
    // The answers flow again; the charge Stripe never received stays out of its reach (a last try
    // sent at the very deadline, after the payer's 504, would otherwise reach it).
    proxy.plan((method, path, body) => (method === 'POST' && path === '/v1/charges' && body.includes('amount=3300&') ? 'refuse' : 'pass'));
    // Each payment's attempt, recorded before Stripe was called (in doubt until the reconciler asks).
    const attempts = await Promise.all(codes.map(async (code) => (await transactionsFor(sandbox, code))[0]));

    const stripe = new Stripe(SECRET_KEY, { host: new URL(door.mock.url).hostname, port: new URL(door.mock.url).port, protocol: 'http' });
    const table = [];
    const chargesOf = async (codOper: string) => {
      let count = 0;
      for await (const charge of stripe.charges.list({ limit: 100 })) if (charge.metadata['pasarela_key'] === codOper) count++;
      return count;
    };
    for (const [i, row] of rows.entries()) {
      const code = codes[i] ?? '';
      const reached = row.how !== 'refuse';
      const answered = 'once' in row;
      const attempt = attempts[i];
      expect(attempt).toBeDefined();
      // Charged: recorded approved once the reconciler asks; never received: forgotten (no attempt left).
      await expect.poll(async () => (await transactionsFor(sandbox, code))[0]?.status, { timeout: 45_000, interval: 500 }).toBe(reached ? 1 : undefined);
      const charges = await chargesOf(attempt?.codOper ?? '');
      table.push({ fault: row.fault, 'payer got': answers[i]?.status, 'payer waited (ms)': answers[i]?.waitedMs, 'charges made': charges, expected: reached ? 1 : 0, 'recorded after': reached ? 'approved' : 'forgotten (never received)' });
      expect(answers[i]?.status).toBe(answered ? 200 : 504);
      expect(answers[i]?.waitedMs).toBeLessThan(DEADLINE_MS + SLACK_MS);
      expect(charges).toBe(reached ? 1 : 0);
    }
    console.table(table);
  }, 120_000);
});
