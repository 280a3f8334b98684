import { randomUUID } from 'node:crypto';
import type { CardAuthorization, CardDecision, CardLookup, CardProcessor, CardToken } from '../CardProcessor';
import { isGatewayOutcomeUnknown } from '../GatewayCall';
import type { ProvidedGateways } from '../gatewaysModule';
import type { ContractInputs } from './ContractInputs';
import type { FaultProxy } from './faultProxy';

export interface RuleContext {
  card: CardProcessor;
  provided: ProvidedGateways;
  inputs: ContractInputs;
  /** The kit's proxy in front of the processor (contract.processor); undefined when the module names none. */
  network: FaultProxy | undefined;
  remake(): Promise<ProvidedGateways>;
  /** A new token of the declared test card, as the payer's browser would make it (kit/tokenizer.ts). */
  typed(card: keyof ContractInputs['cards']): Promise<CardToken>;
}

export interface Rule<C = RuleContext> {
  name: string;
  /** Why the rule does not apply to this module; undefined when it does. */
  skip?: (context: C) => string | undefined;
  run(context: C): Promise<void>;
}

export class RuleBroken extends Error {}

export function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new RuleBroken(message);
}

export const key = () => `kit-${randomUUID()}`;
export const deadlineOf = (c: RuleContext) => new Date(Date.now() + (c.inputs.deadlineMs ?? 10_000));
export const callOf = (c: RuleContext, idempotencyKey = key()) => ({ idempotencyKey, deadline: deadlineOf(c) });
const merchant = { name: 'Contract Kit', logo: null };
export function authorization(c: RuleContext, card: CardAuthorization['card'], extra: Partial<CardAuthorization> = {}): CardAuthorization {
  return { ...callOf(c), amountCents: 1_000, currency: 'USD', card, merchant, lang: 'en', capture: true, ...extra };
}
export const show = (value: unknown) => JSON.stringify(value);

export async function approved(c: RuleContext, extra: Partial<CardAuthorization> = {}): Promise<{ request: CardAuthorization; reference: string }> {
  const request = authorization(c, await c.typed('approves'), extra);
  const decision = await c.card.authorize(request);
  check(decision.status === 'approved', `the approving card was answered ${show(decision)}`);
  return { request, reference: decision.reference };
}

export const sameCharge = (a: CardLookup | null, b: CardLookup | null) => a?.status === b?.status && (a && 'reference' in a ? a.reference : undefined) === (b && 'reference' in b ? b.reference : undefined);
export const needs = (flag: keyof ContractInputs['supports'], card?: keyof ContractInputs['cards']) => (c: RuleContext) =>
  !c.inputs.supports[flag] ? `does not support ${flag}` : card && !c.inputs.cards[card] ? `declares no card that ${card}` : undefined;

export const CARD_RULES: readonly Rule[] = [
  { name: 'authorize: the approving card is approved, with the processor\'s reference', async run(c) {
    const { reference } = await approved(c);
    check(typeof reference === 'string' && reference !== '', 'an approval carries no reference');
  } },
  { name: 'authorize: one charge per key (the same key again answers the same charge)', async run(c) {
    const { request, reference } = await approved(c);
    const again = await c.card.authorize(request);
    check(again.status === 'approved' && again.reference === reference, `the same key made another charge: ${reference} then ${show(again)}`);
  } },
  { name: 'authorize: the declining card is declined with a reason', async run(c) {
    const decision = await c.card.authorize(authorization(c, await c.typed('declines')));
    check(decision.status === 'declined' && ['generic', 'insufficient_funds', 'expired_card', 'incorrect_cvc', 'three_ds_failed'].includes(decision.reason), `answered ${show(decision)}`);
  } },
  { name: 'authorize: a card the processor cannot decide is failed (nothing charged)', skip: (c) => (c.inputs.cards.fails ? undefined : 'declares no card that fails'), async run(c) {
    const decision = await c.card.authorize(authorization(c, await c.typed('fails')));
    check(decision.status === 'failed', `answered ${show(decision)}`);
  } },
  { name: 'lookup: finds the decision by key and by reference', async run(c) {
    const { request, reference } = await approved(c);
    const byKey = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: null });
    const byReference = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference });
    check(byKey?.status === 'approved' && sameCharge(byKey, byReference), `by key ${show(byKey)}, by reference ${show(byReference)}`);
  } },
  { name: 'lookup: a declined charge is looked up declined (by key and by reference), never approved', async run(c) {
    // The reconciler settles a lost answer by lookup: "approved" there books a payment nobody paid.
    const request = authorization(c, await c.typed('declines'));
    const decision = await c.card.authorize(request);
    check(decision.status === 'declined', `the declining card was answered ${show(decision)}`);
    const byKey = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: null });
    const byReference = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: decision.reference });
    check(byKey?.status === 'declined' && byReference?.status === 'declined', `lookup of the declined charge answered by key ${show(byKey)}, by reference ${show(byReference)}`);
  } },
  { name: 'lookup: null for a key it never received', async run(c) {
    const decision = await c.card.lookup({ ...callOf(c), reference: null });
    check(decision === null, `answered ${show(decision)} for a key never sent`);
  } },
  { name: 'lookup: while undecided (3D Secure waiting) answers so, never null', skip: needs('threeDS', 'challenges'), async run(c) {
    const request = authorization(c, await c.typed('challenges'));
    const decision = await c.card.authorize(request);
    check(decision.status === 'challenge' && typeof decision.url === 'string', `the challenging card was answered ${show(decision)}`);
    const found = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: decision.reference });
    check(found?.status === 'challenge' || found?.status === 'pending', `lookup of an undecided charge answered ${show(found)}`);
  } },
  { name: 'refund: all of a charge, once per refund key, and refundOutcome remembers it', async run(c) {
    const { reference } = await approved(c);
    const refund = { ...callOf(c), reference, amountCents: 1_000, currency: 'USD' };
    const first = await c.card.refund(refund);
    check(first.status === 'refunded' || first.status === 'pending', `the refund was answered ${show(first)}`);
    const again = await c.card.refund(refund);
    check(again.status === first.status || again.status === 'refunded', `the same refund key answered ${show(first)} then ${show(again)}`);
    const outcome = await c.card.refundOutcome({ ...callOf(c, refund.idempotencyKey), reference, refundReference: first.reference ?? null });
    check(outcome === 'refunded' || (first.status === 'pending' && outcome === 'pending'), `refundOutcome of a refund made answered ${show(outcome)}`);
    const more = await c.card.refund({ ...callOf(c), reference, amountCents: 1, currency: 'USD' });
    check(more.status === 'refused', `a refund past what was charged answered ${show(more)}`);
  } },
  { name: 'refund: parts of a charge, never more than it', skip: needs('partialRefunds'), async run(c) {
    const { reference } = await approved(c);
    const part = (amountCents: number) => c.card.refund({ ...callOf(c), reference, amountCents, currency: 'USD' });
    check((await part(400)).status !== 'refused', 'a first part was refused');
    check((await part(600)).status !== 'refused', 'the rest was refused');
    check((await part(1)).status === 'refused', 'a cent past the charge was not refused');
  } },
  { name: 'refundOutcome: null for a refund key it never received', async run(c) {
    const { reference } = await approved(c);
    const outcome = await c.card.refundOutcome({ ...callOf(c), reference, refundReference: null });
    check(outcome === null, `answered ${show(outcome)}`);
  } },
  { name: 'capture: later, at most what was held, once', skip: needs('captureLater'), async run(c) {
    const { reference } = await approved(c, { capture: false });
    const capture = (amountCents: number) => c.card.capture({ ...callOf(c), reference, amountCents, currency: 'USD' });
    check((await capture(1_001)) === 'refused', 'captured more than was held');
    check((await capture(800)) === 'captured', 'a capture within the hold was refused');
  } },
  { name: 'void: a plain hold is released, and lookup then answers voided (never approved)', skip: needs('captureLater'), async run(c) {
    const { request, reference } = await approved(c, { capture: false });
    check((await c.card.void({ ...callOf(c), reference })) === 'voided', 'the hold was not voided');
    const found = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference });
    check(found?.status === 'voided' && found.reference === reference, `lookup of the released hold answered ${show(found)}: the server would count it held`);
  } },
  { name: 'void: a challenge left open is voided, once per key', skip: needs('threeDS', 'challenges'), async run(c) {
    const decision = await c.card.authorize(authorization(c, await c.typed('challenges')));
    check(decision.status === 'challenge', `the challenging card was answered ${show(decision)}`);
    const voiding = { ...callOf(c), reference: decision.reference };
    check((await c.card.void(voiding)) === 'voided', 'the challenge was not voided');
    check((await c.card.void(voiding)) === 'voided', 'the same void key answered differently');
  } },
  { name: 'saveCard: a reusable token, the same for the same key, that charges', skip: needs('savedCards'), async run(c) {
    const request = { ...callOf(c), card: await c.typed('approves'), customer: null, currency: 'USD' };
    const saved = await c.card.saveCard(request);
    check(saved.status === 'saved' && saved.token !== '', `saveCard answered ${show(saved)}`);
    const again = await c.card.saveCard(request);
    check(again.status === 'saved' && again.token === saved.token, `the same key saved another card: ${show(again)}`);
    const charge = await c.card.authorize(authorization(c, { token: saved.token, customer: saved.customer }));
    check(charge.status === 'approved', `a charge by the saved card answered ${show(charge)}`);
    const declined = await c.card.saveCard({ ...request, ...callOf(c), card: await c.typed('declines') });
    check(declined.status === 'declined', `saving the declining card answered ${show(declined)}`);
  } },
  { name: 'saveCard: a card saved for a customer joins that customer', skip: needs('savedCards'), async run(c) {
    const first = await c.card.saveCard({ ...callOf(c), card: await c.typed('approves'), customer: null, currency: 'USD' });
    check(first.status === 'saved' && first.customer !== null, `saveCard without a customer answered ${show(first)}`);
    const second = await c.card.saveCard({ ...callOf(c), card: await c.typed('approves'), customer: first.customer, currency: 'USD' });
    check(second.status === 'saved' && second.customer === first.customer, `a card saved for customer ${first.customer} answered ${show(second)}`);
    const charge = await c.card.authorize(authorization(c, { token: second.token, customer: second.customer }));
    check(charge.status === 'approved', `a charge by the second saved card answered ${show(charge)}`);
  } },
  { name: 'authorize: the same key with other parameters answers the same charge or an unknown outcome, never failed', async run(c) {
    const { request, reference } = await approved(c);
    const other = await c.card.authorize({ ...request, amountCents: request.amountCents + 500 }).then((d) => d, (e: unknown) => e);
    check(isGatewayOutcomeUnknown(other) || ((other as CardDecision).status === 'approved' && (other as { reference: string }).reference === reference),
      `answered ${described(other)}: a charge was made under this key, and "failed" or a decline tells the server nothing was`);
  } },
  { name: 'currency: a charge in a second currency is made in it (refunded in it, refused in USD)', skip: (c) => (c.inputs.secondCurrency ? undefined : 'declares no second currency (contract.secondCurrency)'), async run(c) {
    const currency = c.inputs.secondCurrency as string;
    const { reference } = await approved(c, { currency });
    const inUsd = await c.card.refund({ ...callOf(c), reference, amountCents: 1_000, currency: 'USD' });
    check(inUsd.status === 'refused', `a refund in USD of a charge in ${currency} answered ${show(inUsd)}: the charge was not made in ${currency}`);
    const inOwn = await c.card.refund({ ...callOf(c), reference, amountCents: 1_000, currency });
    check(inOwn.status !== 'refused', `a refund in ${currency} of a charge in ${currency} was refused`);
  } },
];

/** An answer or a thrown error, as a rule's message shows it. */
export function described(outcome: unknown): string {
  return outcome instanceof Error ? `${outcome.name}: ${outcome.message}` : show(outcome);
}

export const NOTIFICATION_RULES: readonly Rule[] = [
  { name: 'notifications: a signed notification is read; an altered or unsigned one is refused',
    skip: (c) => (!c.provided.notifications?.card ? 'gives no card notification handler' : !c.inputs.notify ? 'declares no notify (how its processor signs)' : undefined),
    async run(c) {
      const handler = c.provided.notifications?.card;
      const notify = c.inputs.notify;
      if (!handler || !notify) return;
      const event = { id: key(), key: key(), kind: 'card' as const, reference: 'kit_charge', decision: { status: 'approved' as const, reference: 'kit_charge', message: 'ok' } };
      const signed = await notify('card', [event]);
      const read = await handler(signed);
      check(read?.length === 1 && read[0]?.id === event.id, `a signed notification was read as ${show(read)}`);
      check((await handler({ body: signed.body.replace(event.id, key()), headers: signed.headers })) === undefined, 'an altered body was accepted');
      check((await handler({ body: signed.body, headers: new Headers({ 'content-type': 'application/json' }) })) === undefined, 'an unsigned notification was accepted');
    } },
];
