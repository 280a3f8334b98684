import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_SECRET, testVault, tokenOf, type TestVault } from './testing/testVault';

const require = createRequire(import.meta.url);
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** The card number each Stripe test token stands for (stripe-stateful-mock knows the tokens, not numbers). */
const STRIPE_TEST_TOKENS: Record<string, string> = { '4242424242424242': 'tok_visa', '5555555555554444': 'tok_mastercard' };

let mock: Server;
let stripeApi: Server;
let vault: TestVault;
const cardsStripeSaw: Array<Record<string, string>> = [];

/**
 * stripe-stateful-mock behind a door that answers `POST /v1/tokens` as Stripe does for raw card
 * numbers (which the fake has no route for), and passes every other call on to the fake.
 */
beforeAll(async () => {
  (require('loglevel') as { setLevel(level: string): void }).setLevel('silent');
  const { createExpressApp } = require('stripe-stateful-mock') as { createExpressApp(): Parameters<typeof createServer>[1] };
  mock = createServer(createExpressApp());
  const mockUrl = new URL(await listen(mock));
  stripeApi = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === 'POST' && incoming.url === '/v1/tokens') {
        const form = new URLSearchParams(body.toString());
        const card = Object.fromEntries(['number', 'exp_month', 'exp_year', 'cvc'].map((k) => [k, form.get(`card[${k}]`) ?? '']));
        cardsStripeSaw.push(card);
        const id = STRIPE_TEST_TOKENS[card['number']!];
        outgoing.writeHead(id ? 200 : 402, { 'content-type': 'application/json' });
        return outgoing.end(JSON.stringify(id
          ? { id, object: 'token', type: 'card', livemode: false, used: false, created: 1, card: { id: 'card_1', object: 'card', last4: card['number']!.slice(-4), exp_month: Number(card['exp_month']), exp_year: Number(card['exp_year']) } }
          : { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }));
      }
      const { host: _host, ...headers } = incoming.headers;
      const sent = request({ host: mockUrl.hostname, port: mockUrl.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      sent.end(body);
    });
  });
  const stripeUrl = await listen(stripeApi);
  vault = await testVault({ processors: new Map([['stripe', new URL(stripeUrl)]]), forwardingPorts: new Map([['stripe', 0]]) });
});
afterAll(async () => {
  await vault.close();
  await stop(stripeApi);
  await stop(mock);
});

/** Stripe's official client as packages/gateway-stripe makes it, but for its host and port (the vault's Stripe origin) and the vault's secret on each call. */
function stripeThroughVault(): Stripe {
  const origin = new URL(vault.forwardingUrls.get('stripe')!);
  const httpClient = Stripe.createFetchHttpClient((input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('vault-authorization', `Bearer ${API_SECRET}`);
    return globalThis.fetch(input, { ...init, headers });
  });
  return new Stripe('sk_test_pasarela_vault', { maxNetworkRetries: 0, timeout: 10_000, telemetry: false, httpClient, protocol: 'http', host: origin.hostname, port: origin.port });
}

it('pays and refunds through the vault with Stripe\'s official client: Stripe gets the number, the client only the token', async () => {
  const stripe = stripeThroughVault();
  const vaultToken = await tokenOf(vault, '4242 4242 4242 4242');
  const placeholder = (part: string) => `{{vault:${vaultToken}:${part}}}`;
  const token = await stripe.tokens.create({ card: { number: vaultToken, exp_month: placeholder('exp_month'), exp_year: placeholder('exp_year'), cvc: placeholder('cvc') } });
  expect(token.id).toBe('tok_visa');
  expect(cardsStripeSaw.at(-1)).toEqual({ number: '4242424242424242', exp_month: '12', exp_year: expect.stringMatching(/^20\d\d$/), cvc: '123' });
  const charge = await stripe.charges.create({ amount: 2500, currency: 'usd', source: token.id, capture: true }, { idempotencyKey: `charge:${vaultToken}` });
  expect(charge).toMatchObject({ amount: 2500, status: 'succeeded', captured: true, paid: true });
  const refund = await stripe.refunds.create({ charge: charge.id, amount: 1000 });
  expect(refund).toMatchObject({ charge: charge.id, amount: 1000, status: 'succeeded' });
  expect((await stripe.charges.retrieve(charge.id)).amount_refunded).toBe(1000);
  // A resend carries the CVC again until the server drops it; after that a card call with it is
  // refused before Stripe hears of it.
  await stripe.tokens.create({ card: { number: vaultToken, exp_month: '12', exp_year: '2034', cvc: placeholder('cvc') } });
  expect(cardsStripeSaw.at(-1)).toMatchObject({ cvc: '123' });
  expect((await fetch(`${vault.url}/v1/cards/${vaultToken}/cvc`, { method: 'DELETE', headers: { authorization: `Bearer ${API_SECRET}` } })).status).toBe(204);
  const seen = cardsStripeSaw.length;
  await expect(stripe.tokens.create({ card: { number: vaultToken, exp_month: '12', exp_year: '2034', cvc: placeholder('cvc') } })).rejects.toMatchObject({ statusCode: 409 });
  expect(cardsStripeSaw.length).toBe(seen);
});

it('answers Stripe\'s decline as Stripe sent it', async () => {
  const stripe = stripeThroughVault();
  const vaultToken = await tokenOf(vault, '4000 0000 0000 0002');
  await expect(stripe.tokens.create({ card: { number: vaultToken, exp_month: '12', exp_year: '2034' } })).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });
});
