import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CardToken } from '@pasarela/gateways';
import { API_SECRET, testVault, type TestVault } from '@pasarela/vault/testing';
import { close, startStripeMock, type RunningStripeMock } from './stripeMock';
import { STRIPE_TEST_TOKENS } from './stripeTestCards';

/**
 * Stripe as a deployment reaches it for a typed card: the adapter's client at the card vault's Stripe
 * forwarding origin (STRIPE_API_URL), the vault putting the number in place of its token, and behind
 * it stripe-stateful-mock. The fake has no route for raw numbers, so a door in front of it answers
 * `POST /v1/tokens` for Stripe's test numbers as Stripe's test mode does, and passes every other call.
 */
export interface StripeThroughVault {
  /** STRIPE_API_URL: the vault's Stripe forwarding origin. */
  apiUrl: string;
  /** VAULT_API_SECRET, for `Vault-Authorization`. */
  vaultSecret: string;
  /** The fake itself, for the tests' own reads (charges, disputes) that carry no card. */
  mock: RunningStripeMock;
  /** The numbers Stripe was sent in `POST /v1/tokens` (the vault put them there). */
  numbersSeen: string[];
  /** The CVCs sent beside them ('' for none). */
  cvcsSeen: string[];
  vault: TestVault;
  /** A test card typed into the vault, as the payer's browser does: the token the port is given. */
  card(number: string, holder?: string): Promise<CardToken>;
  stop(): Promise<void>;
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** stripe-stateful-mock behind a door answering `POST /v1/tokens` for Stripe's test numbers, as Stripe's test mode does. */
export interface StripeTestDoor {
  url: string;
  mock: RunningStripeMock;
  /** The numbers sent to `POST /v1/tokens` (by the vault, which put them there). */
  numbersSeen: string[];
  /** The CVCs sent beside them ('' for none). */
  cvcsSeen: string[];
  stop(): Promise<void>;
}

/** Stripe's answer to a CVC that is not 3 or 4 digits (a placeholder the vault did not fill). */
const INVALID_CVC = { error: { type: 'card_error', code: 'invalid_cvc', param: 'cvc', message: 'Your card\'s security code is invalid.' } };

export async function startStripeTestDoor(): Promise<StripeTestDoor> {
  const mock = await startStripeMock();
  const mockUrl = new URL(mock.url);
  const numbersSeen: string[] = [];
  const cvcsSeen: string[] = [];
  const door = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      if (incoming.method === 'POST' && incoming.url === '/v1/tokens') {
        const form = new URLSearchParams(body.toString());
        const number = form.get('card[number]') ?? '';
        const cvc = form.get('card[cvc]');
        numbersSeen.push(number);
        cvcsSeen.push(cvc ?? '');
        if (cvc !== null && !/^\d{3,4}$/.test(cvc)) {
          outgoing.writeHead(402, { 'content-type': 'application/json' });
          return outgoing.end(JSON.stringify(INVALID_CVC));
        }
        const id = STRIPE_TEST_TOKENS[number];
        outgoing.writeHead(id ? 200 : 402, { 'content-type': 'application/json' });
        return outgoing.end(JSON.stringify(id
          ? { id, object: 'token', type: 'card', livemode: false, used: false, created: 1, card: { id: 'card_door', object: 'card', last4: number.slice(-4), exp_month: Number(form.get('card[exp_month]')), exp_year: Number(form.get('card[exp_year]')) } }
          : { error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' } }));
      }
      const { host: _host, ...headers } = incoming.headers;
      const sent = request({ host: mockUrl.hostname, port: mockUrl.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      sent.on('error', () => outgoing.destroy());
      sent.end(body);
    });
  });
  const url = await listen(door);
  return { url, mock, numbersSeen, cvcsSeen, stop: async () => {
    await close(door);
    await mock.stop();
  } };
}

export async function startStripeThroughVault(): Promise<StripeThroughVault> {
  const door = await startStripeTestDoor();
  const { mock, numbersSeen, cvcsSeen } = door;
  const doorUrl = door.url;
  const vault = await testVault({
    processors: new Map([['stripe', new URL(doorUrl)]]), forwardingPorts: new Map([['stripe', 0]]), tokenizeLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  return {
    apiUrl: vault.forwardingUrls.get('stripe')!,
    vaultSecret: API_SECRET,
    mock,
    numbersSeen,
    cvcsSeen,
    vault,
    async card(number, holder = 'Ana Pérez') {
      const answer = await fetch(`${vault.url}/v1/cards`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number, expMonth: '12', expYear: '2034', cvc: number.length === 15 ? '1234' : '123', holder }),
      });
      if (answer.status !== 201) throw new Error(`the vault did not tokenize ${number.slice(-4)}: ${answer.status} ${await answer.text()}`);
      const made = (await answer.json()) as { token: string; brand: string; last4: string; expMonth: number; expYear: number };
      return { token: made.token, brand: made.brand, last4: made.last4, expMonth: String(made.expMonth).padStart(2, '0'), expYear: String(made.expYear), holder };
    },
    async stop() {
      await vault.close();
      await door.stop();
    },
  };
}
