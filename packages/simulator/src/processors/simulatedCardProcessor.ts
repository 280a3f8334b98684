import { randomBytes } from 'node:crypto';
import { type CardAuthorization, type CardDecision, type CardProcessor, type Dispute, type DisputeStage, GatewayOutcomeUnknown, type MerchantDescriptor, type SaveCardRequest, type SavedCard } from '@pasarela/gateways';
import { cardBrandOf, cardResultMessage } from '@pasarela/core';
import type { SimulatorBooks } from './simulatorBook';
import { testCardBehaviour, testTokenBehaviour, type TestCardBehaviour } from './testCards';

const PORT = 'card';
const SAVED_CARDS = 'card-saved';

// A charge's and a refund's ids carry their key (base64url), so a reference alone finds them, as a real processor's `ch_...`.
const chargeReferenceOf = (key: string) => `simch_${Buffer.from(key).toString('base64url')}`;
const refundReferenceOf = (key: string) => `simre_${Buffer.from(key).toString('base64url')}`;
export function chargeKeyOf(reference: string | null): string | undefined {
  return reference?.startsWith('simch_') ? Buffer.from(reference.slice(6), 'base64url').toString() : undefined;
}

/**
 * The card as a processor taking numbers receives it: from the card vault's forwarding, which puts the
 * number in place of the vault's token on the way here (the server never holds it). A token with no
 * number (an in-process module given the vault's token) is charged as an approved card.
 */
interface TypedCard {
  number: string;
  expMonth: string;
  expYear: string;
  cvc?: string | undefined;
  holder: string;
}
type CardTaken = CardAuthorization['card'] | TypedCard;
type SimulatedAuthorization = Omit<CardAuthorization, 'card'> & { card: CardTaken };
type SimulatedSaveCard = Omit<SaveCardRequest, 'card'> & { card: CardTaken };
interface SimulatedCardProcessor extends Omit<CardProcessor, 'authorize' | 'saveCard'> {
  authorize(request: SimulatedAuthorization): Promise<CardDecision>;
  saveCard(request: SimulatedSaveCard): Promise<SavedCard>;
}

/** A saved card (a token with no facts) was a test card that passed when it was kept: it is charged. */
const behaviourOf = (card: CardTaken): TestCardBehaviour =>
  'number' in card ? testCardBehaviour(card.number) : 'last4' in card ? testTokenBehaviour(card.brand, card.last4) : { kind: 'approved' };
const cardFacts = (card: CardTaken): { brand: string; last4: string } =>
  'number' in card ? { brand: cardBrandOf(card.number) ?? '', last4: card.number.slice(-4) } : 'last4' in card ? { brand: card.brand, last4: card.last4 } : { brand: '', last4: '' };

function savedCardOf(request: SimulatedSaveCard): SavedCard {
  const behaviour = behaviourOf(request.card);
  if (behaviour.kind === 'declined') return { status: 'declined', reason: behaviour.reason, message: cardResultMessage(behaviour.reason, 'es') };
  if ((behaviour.kind === 'three_ds' || behaviour.kind === 'pending') && !request.chargeFollows) {
    return { status: 'unconfirmed', outcome: behaviour.kind === 'three_ds' ? 'challenge' : 'pending', message: cardResultMessage(behaviour.kind, 'es') };
  }
  return { status: 'saved', token: `simtok_${randomBytes(12).toString('hex')}`, customer: request.customer ?? `simcus_${randomBytes(8).toString('hex')}`, ...cardFacts(request.card) };
}

/** Never the number or CVC. */
export interface CardBookRequest {
  /** In the minor units of `currency` (ISO 4217: 50.000 COP is 5000000). */
  amountCents: number;
  /** The charge's currency as given (ISO 4217); absent on charges booked before it was kept: USD. */
  currency?: string;
  brand: string;
  last4: string;
  merchant: MerchantDescriptor;
  lang: CardAuthorization['lang'];
  capture: boolean;
  returnUrl?: string | undefined;
  /** PRODUCT.md's 5126 and 7726: refunds refused, or never answered. */
  refunds?: 'refused' | 'unanswered';
  /** docs/sandbox.md's 1976 and 6975 on a hold: disputed once captured, for what was captured. */
  disputedOnCapture?: DisputeStage;
}

export type CardBookState = CardDecision & {
  challenged?: boolean; capturedCents?: number; captureKey?: string; refundedCents?: number; refundKeys?: string[]; voided?: boolean; voidKeys?: string[];
  /** Disputes on the charge as the card network moved them (test card 1976, or a test's own), with the merchant's answers. */
  disputes?: BookedDispute[];
  /** Refunds made that failed later (a card closed since): their amounts are free to refund again. */
  failedRefundKeys?: string[];
  refundCentsByKey?: Record<string, number>;
};

/** A dispute in the processor's books: what the merchant sent (its evidence, or that it accepted) and the keys it came under. */
export type BookedDispute = Dispute & { accepted?: boolean; answerKeys?: string[] };

/** As the port answers it: with the evidence it holds, never the keys. */
const disputeFactsOf = ({ accepted: _a, answerKeys: _k, ...dispute }: BookedDispute): Dispute => dispute;

/** docs/sandbox.md: card 4000 0000 0000 1976's dispute (6975's inquiry), opened a moment after it was charged, for all it charged. */
export const testCardDisputeReference = (chargeReference: string) => `dp_${chargeReference.replace(/[^A-Za-z0-9]/g, '').slice(-24)}`;

function testCardDispute(chargeReference: string, amountCents: number, currency: string | undefined, stage: DisputeStage): Dispute {
  return {
    reference: testCardDisputeReference(chargeReference), status: 'needs_response', stage, amountCents,
    currency: currencyOf(currency), reason: stage === 'inquiry' ? 'general' : 'fraudulent', evidenceDueBy: new Date(Date.now() + 7 * 86_400_000),
  };
}

/** A dispute opened or moved on a charge in the processor's books (the same reference replaces it, keeping what the merchant sent). */
export async function disputeCharge(books: SimulatorBooks, chargeReference: string, dispute: Dispute): Promise<boolean> {
  const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(chargeReference) ?? '', ({ state }) => {
    if (state.status !== 'approved') return undefined;
    const before = state.disputes?.find((d) => d.reference === dispute.reference);
    const { evidence, accepted, answerKeys } = before ?? {};
    const kept: BookedDispute = { ...dispute, ...(typeof evidence === 'string' ? { evidence } : {}), ...(accepted ? { accepted } : {}), ...(answerKeys ? { answerKeys } : {}) };
    return { ...state, disputes: [...(state.disputes ?? []).filter((d) => d.reference !== dispute.reference), kept] };
  });
  return moved?.moved ?? false;
}

/** The dispute with this reference on the charge, as the books hold it (evidence and all): what a test reads. */
export async function disputeInBooks(books: SimulatorBooks, chargeReference: string, disputeReference: string): Promise<BookedDispute | undefined> {
  const entry = await books.read<CardBookRequest, CardBookState>(PORT, chargeKeyOf(chargeReference) ?? '');
  return entry?.state.disputes?.find((d) => d.reference === disputeReference);
}

/**
 * The merchant answers a dispute: evidence puts one that needs a response under review, accepting
 * ends one still open lost. Once per key (the same key again answers the dispute as it stands); one
 * that cannot take the answer (decided, or answered already) is answered as it stands, unchanged.
 */
async function answerDispute(books: SimulatorBooks, call: { idempotencyKey: string; reference: string; disputeReference: string }, answer: (dispute: BookedDispute) => BookedDispute | undefined): Promise<Dispute | null> {
  const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? '', ({ state }) => {
    const dispute = state.disputes?.find((d) => d.reference === call.disputeReference);
    if (!dispute || dispute.answerKeys?.includes(call.idempotencyKey)) return undefined;
    const answered = answer(dispute);
    if (!answered) return undefined;
    const next = { ...answered, answerKeys: [...(dispute.answerKeys ?? []), call.idempotencyKey] };
    return { ...state, disputes: (state.disputes ?? []).map((d) => (d.reference === call.disputeReference ? next : d)) };
  });
  const dispute = moved?.entry.state.disputes?.find((d) => d.reference === call.disputeReference);
  return dispute ? disputeFactsOf(dispute) : null;
}

/** A refund made under `refundKey` fails later at the card network. */
export async function failRefundLater(books: SimulatorBooks, chargeReference: string, refundKey: string): Promise<boolean> {
  const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(chargeReference) ?? '', ({ state }) =>
    state.refundKeys?.includes(refundKey) && !state.failedRefundKeys?.includes(refundKey)
      ? { ...state, failedRefundKeys: [...(state.failedRefundKeys ?? []), refundKey], refundedCents: (state.refundedCents ?? 0) - (state.refundCentsByKey?.[refundKey] ?? 0) } : undefined);
  return moved?.moved ?? false;
}

export function httpUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2_000) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Its empty `returnTo` says the page carries back the checkout's return state, which no other outside page is given. */
const challengePageUrl = (key: string, pagesUrl: string): string => `${pagesUrl.replace(/\/+$/, '')}/3ds/${encodeURIComponent(key)}?returnTo=`;

function decide(request: SimulatedAuthorization, pagesUrl: string): CardDecision {
  const reference = chargeReferenceOf(request.idempotencyKey);
  const behaviour = behaviourOf(request.card);
  const lang = request.lang;
  switch (behaviour.kind) {
    case 'approved': return { status: 'approved', reference, message: cardResultMessage('approved', lang) };
    case 'declined': return { status: 'declined', reference, reason: behaviour.reason, message: cardResultMessage(behaviour.reason, lang) };
    case 'three_ds': return { status: 'challenge', reference, url: challengePageUrl(request.idempotencyKey, pagesUrl), message: cardResultMessage('three_ds', lang) };
    case 'pending': return { status: 'pending', reference, message: cardResultMessage('pending', lang) };
    case 'processing_error': return { status: 'failed', message: cardResultMessage('failed', lang) };
  }
}

const decisionOf = (state: CardBookState): CardDecision => {
  const { challenged: _ch, capturedCents: _c, captureKey: _ck, refundedCents: _r, refundKeys: _k, voided: _v, voidKeys: _vk, disputes: _d, failedRefundKeys: _f, refundCentsByKey: _rk, ...decision } = state;
  return decision as CardDecision;
};

/** A capture or refund moves money in the charge's own currency only, as a processor refuses any other. */
const sameCurrency = (request: CardBookRequest, currency: string | undefined) => (request.currency ?? 'USD') === currencyOf(currency);
/** As given, in capitals; a call naming none (an older client) is in dollars. */
const currencyOf = (currency: string | undefined) => (currency ?? 'USD').toUpperCase();

/** Keeps every authorization by its key, so a resend answers the same and `lookup` knows what it decided. */
export function simulatedCardProcessor(books: SimulatorBooks, options: { pagesUrl: string }) {
  const { pagesUrl } = options;
  const processor: SimulatedCardProcessor = {
    async authorize(request) {
      const behaviour = behaviourOf(request.card);
      const book: CardBookRequest = {
        amountCents: request.amountCents, currency: currencyOf(request.currency), ...cardFacts(request.card),
        merchant: request.merchant, lang: request.lang, capture: request.capture,
        ...(httpUrlOf(request.returnUrl) ? { returnUrl: httpUrlOf(request.returnUrl) } : {}),
        ...(behaviour.kind === 'approved' && behaviour.refunds ? { refunds: behaviour.refunds } : {}),
        // A hold takes nothing until it is captured: its cardholder disputes what the capture takes.
        ...(behaviour.kind === 'approved' && behaviour.disputed && !request.capture ? { disputedOnCapture: behaviour.disputed } : {}),
      };
      const decision: CardBookState = decide(request, pagesUrl);
      const disputed = behaviour.kind === 'approved' && behaviour.disputed && request.capture && decision.status === 'approved'
        ? { disputes: [testCardDispute(decision.reference, request.amountCents, request.currency, behaviour.disputed)] } : {};
      const entry = await books.recordOnce<CardBookRequest, CardBookState>(PORT, request.idempotencyKey, book, { ...decision, ...disputed });
      return decisionOf(entry.state);
    },
    async lookup(call) {
      const entry = await books.read<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? call.idempotencyKey);
      if (!entry) return null;
      // An approved hold released since: nothing was taken.
      if (entry.state.status === 'approved' && entry.state.voided) return { status: 'voided', reference: entry.state.reference, message: 'The hold was released; nothing was taken' };
      return decisionOf(entry.state);
    },
    async capture(call) {
      const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? '', ({ request, state }) => {
        // A capture repeated with its idempotency key (an answer lost) answers as the first did and captures nothing again.
        if (state.captureKey !== undefined && state.captureKey === call.idempotencyKey) return state;
        return state.status === 'approved' && !request.capture && !state.voided && (state.capturedCents ?? 0) === 0 && call.amountCents > 0 && call.amountCents <= request.amountCents
          && sameCurrency(request, call.currency)
          ? {
            ...state, capturedCents: call.amountCents, captureKey: call.idempotencyKey,
            ...(request.disputedOnCapture ? { disputes: [...(state.disputes ?? []), testCardDispute(call.reference, call.amountCents, request.currency, request.disputedOnCapture)] } : {}),
          } : undefined;
      });
      return moved?.moved ? 'captured' : 'refused';
    },
    async refund(call) {
      const chargeKey = chargeKeyOf(call.reference) ?? '';
      const kept = await books.read<CardBookRequest, CardBookState>(PORT, chargeKey);
      if (kept?.request.refunds === 'refused') return { status: 'refused' };
      // The processor takes the call and never answers it: nothing is refunded, which refundOutcome tells later.
      if (kept?.request.refunds === 'unanswered') throw new GatewayOutcomeUnknown(`card.refund ${call.idempotencyKey}: no answer from the processor`);
      const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKey, ({ request, state }) => {
        const paid = request.capture ? request.amountCents : (state.capturedCents ?? 0);
        const refunded = state.refundedCents ?? 0;
        // A refund repeated with its idempotency key answers as the first did and moves nothing again.
        if (state.refundKeys?.includes(call.idempotencyKey)) return state;
        // A voided authorization took nothing: there is nothing to give back.
        return state.status === 'approved' && !state.voided && call.amountCents > 0 && refunded + call.amountCents <= paid && sameCurrency(request, call.currency)
          ? {
            ...state, refundedCents: refunded + call.amountCents, refundKeys: [...(state.refundKeys ?? []), call.idempotencyKey],
            refundCentsByKey: { ...state.refundCentsByKey, [call.idempotencyKey]: call.amountCents },
          } : undefined;
      });
      return moved?.moved ? { status: 'refunded', reference: refundReferenceOf(call.idempotencyKey) } : { status: 'refused' };
    },
    async refundOutcome(call) {
      const entry = await books.read<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? '');
      if (entry?.state.failedRefundKeys?.includes(call.idempotencyKey)) return 'failed';
      return entry?.state.refundKeys?.includes(call.idempotencyKey) ? 'refunded' : null;
    },
    async dispute(call) {
      const entry = await books.read<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? '');
      const dispute = entry?.state.disputes?.find((d) => d.reference === call.disputeReference);
      return dispute ? disputeFactsOf(dispute) : null;
    },
    async submitDisputeEvidence(call) {
      return answerDispute(books, call, (dispute) => (dispute.status === 'needs_response' ? { ...dispute, status: 'under_review', evidence: call.evidence } : undefined));
    },
    async acceptDispute(call) {
      return answerDispute(books, call, (dispute) => (dispute.status === 'needs_response' || dispute.status === 'under_review' ? { ...dispute, status: 'lost', accepted: true } : undefined));
    },
    async void(call) {
      const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(call.reference) ?? '', ({ state }) => {
        // A void repeated with its idempotency key answers as the first did.
        if (state.voided && state.voidKeys?.includes(call.idempotencyKey)) return state;
        return (state.status === 'challenge' || state.status === 'pending' || (state.status === 'approved' && !state.refundedCents && !state.capturedCents)) && !state.voided
          ? { ...state, voided: true, voidKeys: [...(state.voidKeys ?? []), call.idempotencyKey] } : undefined;
      });
      return moved?.moved ? 'voided' : 'refused';
    },
    async saveCard(request) {
      // Kept by the call's key: the same key saves once and answers the same token.
      // A card its issuer refuses, challenges (3D Secure) or leaves pending is not saved: a saved card is
      // charged later with nobody there to answer a challenge. A processing error shows when charged.
      const saved = savedCardOf(request);
      const entry = await books.recordOnce<{ customer: string | null }, SavedCard>(SAVED_CARDS, request.idempotencyKey, { customer: request.customer }, saved);
      return entry.state;
    },
  };

  async function completeChallenge(key: string, approved: boolean, lang: CardAuthorization['lang']): Promise<CardDecision | undefined> {
    const moved = await books.move<CardBookRequest, CardBookState>(PORT, key, ({ state }) => state.status !== 'challenge' || state.voided ? undefined
      : approved ? { status: 'approved', reference: state.reference, message: cardResultMessage('approved', lang), challenged: true }
        : { status: 'declined', reference: state.reference, reason: 'three_ds_failed', message: cardResultMessage('three_ds_failed', lang), challenged: true });
    return moved?.moved ? decisionOf(moved.entry.state) : undefined;
  }

  /** An open dispute decided by the card network; undefined when the charge has none open by that reference. */
  async function decideDispute(reference: string, disputeReference: string, outcome: 'won' | 'lost'): Promise<Dispute | undefined> {
    const open = (d: Dispute) => d.reference === disputeReference && (d.status === 'needs_response' || d.status === 'under_review');
    const moved = await books.move<CardBookRequest, CardBookState>(PORT, chargeKeyOf(reference) ?? '', ({ state }) =>
      state.disputes?.some(open) ? { ...state, disputes: state.disputes.map((d) => (open(d) ? { ...d, status: outcome } : d)) } : undefined);
    return moved?.moved ? moved.entry.state.disputes?.find((d) => d.reference === disputeReference) : undefined;
  }

  async function challenge(key: string): Promise<CardBookRequest | undefined> {
    const entry = await books.read<CardBookRequest, CardBookState>(PORT, key);
    return entry && entry.state.status === 'challenge' && !entry.state.voided ? entry.request : undefined;
  }

  /** `decided` once answered (a resubmitted form changes nothing), `withdrawn` once voided. */
  async function challengePage(key: string): Promise<{ state: 'waiting' | 'decided' | 'withdrawn'; request: CardBookRequest } | undefined> {
    const entry = await books.read<CardBookRequest, CardBookState>(PORT, key);
    // Only a challenge has a page: an authorization decided without one has none.
    if (!entry || (entry.state.status !== 'challenge' && !entry.state.challenged)) return undefined;
    if (entry.state.voided && entry.state.status === 'challenge') return { state: 'withdrawn', request: entry.request };
    return { state: entry.state.status === 'challenge' ? 'waiting' : 'decided', request: entry.request };
  }

  return { processor, completeChallenge, challenge, challengePage, decideDispute };
}
