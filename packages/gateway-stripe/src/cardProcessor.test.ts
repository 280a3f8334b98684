import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { stripeCardProcessor } from './index';
import { KEY_FIELD } from './decisions';
import { stripeClient } from './stripeCall';
import { startStripeThroughVault, type StripeThroughVault } from './testing/stripeThroughVault';
import { TEST_KEY, authorization, inSeconds, newKey } from './testing/fixtures';
import type { CardProcessor } from '@pasarela/gateways';

// Issue 90: the adapter is given the vault's token; its client's base URL is the vault's Stripe
// forwarding origin, which puts the number in on the way to Stripe (here stripe-stateful-mock).
let through: StripeThroughVault;
let stripe: Stripe;
let processor: CardProcessor;
const card = (number: string) => through.card(number);

beforeAll(async () => {
  through = await startStripeThroughVault();
  stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: through.mock.url });
  processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: through.apiUrl, vaultSecret: through.vaultSecret });
}, 60_000);
afterAll(() => through.stop());

async function chargesUnder(key: string): Promise<Stripe.Charge[]> {
  const found: Stripe.Charge[] = [];
  for await (const charge of stripe.charges.list({ limit: 100 })) if (charge.metadata[KEY_FIELD] === key) found.push(charge);
  return found;
}

describe('authorize on Stripe charges', () => {
  it('approves a test card, once per key, and tells it by reference or by key', async () => {
    const request = authorization(await card('4242424242424242'));
    const decision = await processor.authorize(request);
    expect(decision).toMatchObject({ status: 'approved', reference: expect.stringMatching(/^ch_/) });
    expect(await processor.authorize({ ...request, deadline: inSeconds(5) })).toEqual(decision);
    const charges = await chargesUnder(request.idempotencyKey);
    expect(charges.map((c) => [c.id, c.amount, c.currency, c.captured])).toEqual([[(decision as { reference: string }).reference, 2500, 'usd', true]]);
    const asked = { idempotencyKey: request.idempotencyKey, deadline: inSeconds(5) };
    expect(await processor.lookup({ ...asked, reference: charges[0]!.id })).toEqual(decision);
    expect(await processor.lookup({ ...asked, reference: null })).toEqual(decision);
  });

  it.each([
    ['4000000000000002', 'generic'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4100000000000019', 'generic'],
  ])('declines %s as %s, naming the declined charge', async (number, reason) => {
    const request = authorization(await card(number));
    const decision = await processor.authorize(request);
    expect(decision).toMatchObject({ status: 'declined', reason, reference: expect.stringMatching(/^ch_/) });
    const looked = await processor.lookup({ idempotencyKey: request.idempotencyKey, deadline: inSeconds(5), reference: null });
    expect(looked).toMatchObject({ status: 'declined', reference: (decision as { reference: string }).reference });
  });

  it('answers failed, nothing charged, for a processing error and for a number that is not a Stripe test card', async () => {
    expect(await processor.authorize(authorization(await card('4000000000000119')))).toMatchObject({ status: 'failed' });
    const unknown = authorization(await card('4111111111111111'));
    expect(await processor.authorize(unknown)).toMatchObject({ status: 'failed' });
    expect(await chargesUnder(unknown.idempotencyKey)).toEqual([]);
  });

  it('sends the vault\'s token in the number\'s place and its CVC placeholder: Stripe receives both from the vault, the adapter never holds them', async () => {
    const typed = await card('5555555555554444');
    const seen = through.numbersSeen.length;
    expect(await processor.authorize(authorization(typed))).toMatchObject({ status: 'approved' });
    expect(through.numbersSeen.slice(seen)).toEqual(['5555555555554444']);
    expect(through.cvcsSeen.slice(seen)).toEqual(['123']);
    expect(JSON.stringify(typed)).not.toContain('5555555555554444');
  });

  it('sends the CVC again until the vault drops it; then the card call is refused before Stripe hears of it', async () => {
    const typed = await card('4242424242424242');
    const seen = through.numbersSeen.length;
    const request = authorization(typed);
    expect(await processor.authorize(request)).toMatchObject({ status: 'approved' });
    // The same payment's second card call (a saved card after it, a retry) carries it too.
    expect(await processor.authorize(authorization(typed))).toMatchObject({ status: 'approved' });
    expect(through.cvcsSeen.slice(seen)).toEqual(['123', '123']);
    const dropped = await fetch(`${through.vault.url}/v1/cards/${typed.token}/cvc`, { method: 'DELETE', headers: { authorization: `Bearer ${through.vaultSecret}` } });
    expect(dropped.status).toBe(204);
    // The vault's 409 is retried as Stripe's own (a key in use) until the deadline: nothing was charged.
    await expect(processor.authorize(authorization(typed, { deadline: inSeconds(2) }))).rejects.toThrow(/dropped after its authorization/);
    expect(through.numbersSeen.length).toBe(seen + 2);
  });

  it('charges a token of Stripe\'s own (Elements) as it is, the vault not asked and no CVC sent', async () => {
    const seen = through.numbersSeen.length;
    const own = { token: 'tok_visa', brand: 'VISA', last4: '4242', expMonth: '12', expYear: '2034', holder: 'Ana Pérez' };
    expect(await processor.authorize(authorization(own))).toMatchObject({ status: 'approved' });
    expect(through.numbersSeen.length).toBe(seen);
  });

  it('answers null for a key Stripe never received', async () => {
    expect(await processor.lookup({ idempotencyKey: newKey('never'), deadline: inSeconds(5), reference: null })).toBeNull();
  });
});

describe('capture later and void', () => {
  it('holds the amount, then captures part of it', async () => {
    const request = authorization(await card('4242424242424242'), { capture: false });
    const decision = await processor.authorize(request);
    const reference = (decision as { reference: string }).reference;
    expect((await stripe.charges.retrieve(reference)).captured).toBe(false);
    const call = { idempotencyKey: `${request.idempotencyKey}:capture`, deadline: inSeconds(5), reference, amountCents: 2000, currency: 'USD' };
    expect(await processor.capture({ ...call, idempotencyKey: newKey('capture'), amountCents: 2501 })).toBe('refused');
    expect(await processor.capture(call)).toBe('captured');
    expect(await processor.capture({ ...call, deadline: inSeconds(5) })).toBe('captured');
    expect(await stripe.charges.retrieve(reference)).toMatchObject({ captured: true, amount_captured: 2000 });
  });

  it('lets an uncaptured charge go, and refuses to void a captured one', async () => {
    const held = authorization(await card('4242424242424242'), { capture: false });
    const heldRef = ((await processor.authorize(held)) as { reference: string }).reference;
    expect(await processor.void({ idempotencyKey: `${held.idempotencyKey}:void`, deadline: inSeconds(5), reference: heldRef })).toBe('voided');
    expect(await stripe.charges.retrieve(heldRef)).toMatchObject({ captured: false, refunded: true });
    const paid = authorization(await card('4242424242424242'));
    const paidRef = ((await processor.authorize(paid)) as { reference: string }).reference;
    expect(await processor.void({ idempotencyKey: `${paid.idempotencyKey}:void`, deadline: inSeconds(5), reference: paidRef })).toBe('refused');
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, each once per key; refuses more than is left', async () => {
    const reference = ((await processor.authorize(authorization(await card('4242424242424242')))) as { reference: string }).reference;
    const first = { idempotencyKey: newKey('refund'), deadline: inSeconds(5), reference, amountCents: 1000, currency: 'USD' };
    const partial = await processor.refund(first);
    expect(partial).toEqual({ status: 'refunded', reference: expect.stringMatching(/^re_/) });
    expect(await processor.refund({ ...first, deadline: inSeconds(5) })).toEqual(partial);
    const rest = { ...first, idempotencyKey: newKey('refund'), amountCents: 1500 };
    expect(await processor.refund(rest)).toMatchObject({ status: 'refunded' });
    expect(await processor.refund({ ...first, idempotencyKey: newKey('refund'), amountCents: 1 })).toEqual({ status: 'refused' });
    const refunds = await stripe.refunds.list({ charge: reference });
    expect(refunds.data.map((r) => r.amount).sort()).toEqual([1000, 1500]);
    expect(await stripe.charges.retrieve(reference)).toMatchObject({ amount_refunded: 2500, refunded: true });

    const asked = { idempotencyKey: first.idempotencyKey, deadline: inSeconds(5), reference };
    expect(await processor.refundOutcome({ ...asked, refundReference: partial.reference! })).toBe('refunded');
    expect(await processor.refundOutcome({ ...asked, refundReference: null })).toBe('refunded');
    expect(await processor.refundOutcome({ ...asked, idempotencyKey: newKey('never'), refundReference: null })).toBeNull();
  });
});

describe('saved cards as Stripe customers', () => {
  it('makes a customer with the first card, adds the next to it, and charges a saved card by customer and card', async () => {
    const first = await processor.saveCard({ idempotencyKey: newKey('save'), deadline: inSeconds(5), card: await card('4242424242424242'), customer: null, currency: 'USD' });
    expect(first).toEqual({ status: 'saved', token: expect.stringMatching(/^card_/), customer: expect.stringMatching(/^cus_/), brand: 'VISA', last4: '4242' });
    if (first.status !== 'saved') return;
    const second = await processor.saveCard({ idempotencyKey: newKey('save'), deadline: inSeconds(5), card: await card('5555555555554444'), customer: first.customer, currency: 'USD' });
    expect(second).toMatchObject({ status: 'saved', customer: first.customer, brand: 'MC', last4: '4444' });
    if (second.status !== 'saved') return;

    const request = authorization({ token: second.token, customer: second.customer });
    const decision = await processor.authorize(request);
    expect(decision).toMatchObject({ status: 'approved' });
    const [charge] = await chargesUnder(request.idempotencyKey);
    expect(charge?.source).toMatchObject({ id: second.token, last4: '4444' });
    const customer = (await stripe.customers.retrieve(first.customer!, { expand: ['sources'] })) as Stripe.Customer;
    expect(customer.sources?.data.map((s) => s.id)).toEqual([first.token, second.token]);
  });

  it('answers declined when the issuer refuses the card being saved', async () => {
    const declined = await processor.saveCard({ idempotencyKey: newKey('save'), deadline: inSeconds(5), card: await card('4000000000009995'), customer: null, currency: 'USD' });
    expect(declined).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
  });
});
