import { randomUUID } from 'node:crypto';
import { isCardToken, type CardDecision, type CardLookup, type CardProcessor } from '../../CardProcessor';
import type { Dispute } from '../../GatewayEvent';
import { isGatewayOutcomeUnknown } from '../../GatewayCall';
import type { ImportedGatewaysModule } from '../../gatewaysModule';
import type { ContractInputs, TestCard } from '../ContractInputs';
import { memoryClient, type ClientBreakage, type MemorySend } from './memoryClient';
import { memoryPayoutRail, type PayoutBreakage } from './memoryPayoutRail';
import { MEMORY_DECLINED_CARD, MEMORY_DISPUTED_CARD, MEMORY_RETURNED_ACCOUNT, type RunningMemoryProcessor } from './memoryProcessor';

/**
 * How a test's card adapter goes wrong, one way each: a new charge for every call under one key;
 * refunds it made and then forgets; null from lookup when the processor cannot be reached; a new key
 * for each try of a capture; a void that releases nothing; every charge in USD whatever its currency;
 * a card saved to a new customer whatever customer it was given; a released hold looked up as approved;
 * a dispute's evidence sent without its text; a dispute accepted without telling the processor;
 * its client taking no notice of the kit's proxy (not faulted); the declining card answered approved
 * (by authorize and lookup, or by lookup alone);
 * a refund sent under a new key at each call (a retry after a crash refunds again), or at each try
 * of one call (a lost answer's resend refunds again).
 */
export interface Breakage extends ClientBreakage {
  chargesTwice?: boolean;
  forgetsRefunds?: boolean;
  lookupNullWhenUnreachable?: boolean;
  captureNewKeyEachTry?: boolean;
  voidDoesNothing?: boolean;
  lookupForgetsVoid?: boolean;
  ignoresCurrency?: boolean;
  ignoresCustomer?: boolean;
  ignoresProxy?: boolean;
  dropsEvidence?: boolean;
  acceptsNothing?: boolean;
  approvesDeclines?: boolean;
  lookupApprovesDeclines?: boolean;
  refundNewKeyEachCall?: boolean;
  refundNewKeyEachTry?: boolean;
}

/** The variable the memory module reads its processor's base URL from (the kit points it at its proxy). */
const PROCESSOR_URL_ENV = 'KIT_MEMORY_PROCESSOR_URL';

const card = (number: string) => ({ number, expMonth: '12', expYear: '34', cvc: '123', holder: 'KIT' });

type Charge = { id: string; status: 'approved' | 'declined'; voided?: boolean };
type MemoryDispute = { id: string; charge: string; status: Dispute['status']; evidence: string | null; amountCents: number; currency: string };
const disputeOf = (d: MemoryDispute): Dispute =>
  ({ reference: d.id, status: d.status, amountCents: d.amountCents, currency: d.currency, reason: 'fraudulent', evidenceDueBy: null, evidence: d.evidence });

const decisionOf = (charge: Charge, breakage: Breakage = {}): CardDecision =>
  charge.status === 'approved' || breakage.approvesDeclines ? { status: 'approved', reference: charge.id, message: 'approved' } : { status: 'declined', reference: charge.id, reason: 'generic', message: 'declined' };

function memoryCard(send: MemorySend, breakage: Breakage): CardProcessor {
  const result = (body: Record<string, unknown> | null) => body?.['result'];
  return {
    async authorize(request) {
      const key = breakage.chargesTwice ? randomUUID() : request.idempotencyKey;
      const body = { key: request.idempotencyKey, amountCents: request.amountCents, currency: breakage.ignoresCurrency ? 'USD' : request.currency, capture: request.capture, card: isCardToken(request.card) ? { token: request.card.token } : request.card };
      const answer = await send('/charges', request, { key, body });
      return answer.status === 200 ? decisionOf(answer.body as Charge, breakage) : { status: 'failed', message: `the processor answered ${answer.status}` };
    },
    async lookup(call) {
      try {
        const answer = await send(call.reference ? `/charges/${call.reference}` : `/charges?key=${encodeURIComponent(call.idempotencyKey)}`, call);
        if (answer.status !== 200) return null;
        const charge = answer.body as Charge;
        const released: CardLookup = { status: 'voided', reference: charge.id, message: 'released' };
        return charge.status === 'approved' && charge.voided === true && !breakage.lookupForgetsVoid ? released : decisionOf(charge, { approvesDeclines: breakage.approvesDeclines || breakage.lookupApprovesDeclines });
      } catch (error) {
        if (breakage.lookupNullWhenUnreachable && isGatewayOutcomeUnknown(error)) return null;
        throw error;
      }
    },
    async capture(call) {
      // The broken one sends each try under a key of its own: a retry after a lost answer is a second capture, which the processor refuses.
      const write = { key: call.idempotencyKey, body: { amountCents: call.amountCents, currency: call.currency }, newKeyEachTry: breakage.captureNewKeyEachTry === true };
      return result((await send(`/charges/${call.reference}/capture`, call, write)).body) === 'captured' ? 'captured' : 'refused';
    },
    async void(call) {
      if (breakage.voidDoesNothing) {
        const found = await send(`/charges/${call.reference}`, call);
        return found.status === 200 ? 'voided' : 'refused';
      }
      return result((await send(`/charges/${call.reference}/void`, call, { key: call.idempotencyKey, body: {} })).body) === 'voided' ? 'voided' : 'refused';
    },
    async refund(call) {
      const key = breakage.refundNewKeyEachCall ? randomUUID() : call.idempotencyKey;
      const write = { key, body: { key: call.idempotencyKey, amountCents: call.amountCents, currency: call.currency }, newKeyEachTry: breakage.refundNewKeyEachTry === true };
      const answer = await send(`/charges/${call.reference}/refunds`, call, write);
      return result(answer.body) === 'refunded' ? { status: 'refunded', reference: String(answer.body?.['reference']) } : { status: 'refused' };
    },
    async refundOutcome(call) {
      if (breakage.forgetsRefunds) return null;
      const answer = await send(`/charges/${call.reference}/refunds?key=${encodeURIComponent(call.idempotencyKey)}`, call);
      return answer.status === 200 ? 'refunded' : null;
    },
    async dispute(call) {
      const answer = await send(`/disputes/${call.disputeReference}`, call);
      const found = answer.body as MemoryDispute | null;
      return answer.status === 200 && found?.charge === call.reference ? disputeOf(found) : null;
    },
    async submitDisputeEvidence(call) {
      const text = breakage.dropsEvidence ? '' : call.evidence;
      const answer = await send(`/disputes/${call.disputeReference}/evidence`, call, { key: call.idempotencyKey, body: { text } });
      return answer.status === 200 ? disputeOf(answer.body as MemoryDispute) : null;
    },
    async acceptDispute(call) {
      // The broken one answers as if the processor had closed it, and tells it nothing.
      if (breakage.acceptsNothing) {
        const found = await this.dispute?.(call);
        return found ? { ...found, status: 'lost' } : null;
      }
      const answer = await send(`/disputes/${call.disputeReference}/close`, call, { key: call.idempotencyKey, body: {} });
      return answer.status === 200 ? disputeOf(answer.body as MemoryDispute) : null;
    },
    async saveCard(request) {
      const customer = breakage.ignoresCustomer ? null : request.customer;
      const answer = await send('/cards', request, { key: request.idempotencyKey, body: { token: request.card.token, customer } });
      const saved = answer.body as { status: string; token: string; customer: string; last4: string };
      return saved.status === 'saved' ? { status: 'saved', token: saved.token, customer: saved.customer, brand: 'VISA', last4: saved.last4 } : { status: 'declined', reason: 'generic', message: 'declined' };
    },
  };
}

/** The memory processor's browser tokenizer, as a payer's page would call it: straight, not through the kit's proxy. */
async function memoryTokenOf(url: string, typed: TestCard) {
  const answer = await fetch(`${url}/tokens`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ number: typed.number }) });
  const made = (await answer.json()) as { token: string; last4: string };
  return { token: made.token, brand: 'VISA', last4: made.last4, expMonth: typed.expMonth, expYear: `20${typed.expYear}`, holder: typed.holder };
}

/**
 * An adapters module over the memory processor (memoryProcessor.ts), broken as the test says; its
 * base URL is read from KIT_MEMORY_PROCESSOR_URL each time the module is made. With `payout`, a
 * payout rail over the same processor too.
 */
export function memoryCardModule(processor: RunningMemoryProcessor, breakage: Breakage = {}, payout?: PayoutBreakage): ImportedGatewaysModule {
  const contract: ContractInputs = {
    cards: { approves: card('4242424242424242'), declines: card(MEMORY_DECLINED_CARD), disputed: card(MEMORY_DISPUTED_CARD) },
    disputeOf: async (chargeReference) => {
      const answer = await fetch(`${processor.url}/charges/${chargeReference}`);
      return answer.ok ? ((await answer.json()) as { dispute: string | null }).dispute : null;
    },
    supports: { threeDS: false, captureLater: true, savedCards: true, partialRefunds: true },
    // The memory processor takes its own browser tokens, as Stripe's `pm_...`: the kit needs no vault.
    tokenize: (typed) => memoryTokenOf(processor.url, typed),
    processor: { env: PROCESSOR_URL_ENV, url: processor.url },
    secondCurrency: 'EUR',
    deadlineMs: 1_000,
    ...(payout ? { payouts: { pays: '000123456789', returns: MEMORY_RETURNED_ACCOUNT } } : {}),
  };
  const make = async () => {
    const send = memoryClient(breakage.ignoresProxy ? processor.url : (process.env[PROCESSOR_URL_ENV] ?? processor.url), breakage);
    return { gateways: { card: memoryCard(send, breakage), ...(payout ? { payout: memoryPayoutRail(send, payout) } : {}) } };
  };
  return { exports: { contract }, make };
}
