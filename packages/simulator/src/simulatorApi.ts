import { isGatewayOutcomeUnknown, type GatewayEvent, type Gateways } from '@pasarela/gateways';
import { Hono } from 'hono';
import type { SandboxControls } from '@pasarela/gateways';
import type { Notifier } from './notifier';
import { testCardBehaviour } from './processors/testCards';
import { chargeKeyOf, testCardDisputeReference } from './processors/simulatedCardProcessor';
import { payerPages } from './pages/payerPages';
import type { SimulatedGateways } from './processors/simulatedGateways';

type Body = Record<string, unknown>;

class BadRequest extends Error {}

const text = (body: Body, name: string): string => {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw new BadRequest(`${name} must be a non-empty string`);
  return value;
};
const flag = (body: Body, name: string): boolean => {
  const value = body[name];
  if (typeof value !== 'boolean') throw new BadRequest(`${name} must be true or false`);
  return value;
};
const date = (body: Body, name: string): Date => {
  const value = body[name];
  const parsed = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(parsed.getTime())) throw new BadRequest(`${name} must be an ISO date`);
  return parsed;
};

/** Every call that acts on an attempt names it by `idempotencyKey`, which the Idempotency-Key header repeats. */
function callOf(body: Body, keyed: boolean): Body & { deadline: Date } {
  if (keyed) text(body, 'idempotencyKey');
  const revived: Body & { deadline: Date } = { ...body, deadline: body['deadline'] === undefined ? new Date(Date.now() + 10_000) : date(body, 'deadline') };
  if (body['expiresAt'] !== undefined) revived['expiresAt'] = date(body, 'expiresAt');
  return revived;
}

/**
 * A card's optional CVC, as the card vault's forwarding puts it in (3 digits, 4 for Amex): checked, so
 * a placeholder the vault did not fill is refused, then taken off the card before anything keeps or
 * answers the call. The simulator decides by the number alone.
 */
function withoutCvc(body: Body): Body {
  const card = body['card'];
  if (typeof card !== 'object' || card === null || !('cvc' in card)) return body;
  const { cvc, ...rest } = card as Body;
  if (typeof cvc !== 'string' || !/^\d{3,4}$/.test(cvc)) throw new BadRequest('card.cvc must be 3 or 4 digits when given');
  return { ...body, card: rest };
}

type Operation = (body: Body) => Promise<unknown>;

/** Checked before anything of the call is acted on or remembered. */
const cvcChecked = (operation: Operation): Operation => async (body) => operation(withoutCvc(body));

/** 400 for a malformed call; `/v1/controls/<control>` plays the payer's part. */
export function simulatorApi(simulated: { gateways: Gateways; controls: SandboxControls; pages?: SimulatedGateways['pages'] }, notify?: Notifier) {
  const { gateways: g, controls } = simulated;
  // What the payer did, told to the server too (a notification), under the id the sandbox's own
  // pages and settle calls give the same event: it changes the payment once, whoever says it first.
  const told = async <T>(key: string, answer: T | undefined, event: (answer: T) => GatewayEvent): Promise<T | undefined> => {
    if (answer !== undefined && notify) await notify.tell(key, event(answer));
    return answer;
  };
  // A test card's dispute on the charge, when its books hold one, told as its notification.
  const tellTestCardDispute = async (c: Body & { deadline: Date }, reference: string) => {
    if (!notify) return;
    const dispute = await g.card.dispute?.({ idempotencyKey: String(c['idempotencyKey']), deadline: c.deadline, reference, disputeReference: testCardDisputeReference(reference) });
    if (dispute) await notify.tell(String(c['idempotencyKey']), { id: `sim:dispute:${dispute.reference}:${dispute.status}`, kind: 'dispute', paymentReference: reference, dispute });
  };
  // The port's types are the adapter's business: the simulator trusts the shape it checked.
  const as = <T>(body: Body) => body as unknown as T;
  const keyed = (fn: (call: Body & { deadline: Date }) => Promise<unknown>): Operation => async (body) => {
    const call = callOf(body, true);
    // Where to tell what happens later to this attempt: the URL its first call gave.
    if (notify && typeof body['notifyUrl'] === 'string' && /^https?:\/\//.test(body['notifyUrl'])) await notify.remember(String(body['idempotencyKey']), body['notifyUrl']);
    return fn(call);
  };
  const operations: Record<string, Operation> = {
    'card/authorize': cvcChecked(keyed(async (c) => {
      const decision = await g.card.authorize(as(c));
      // docs/sandbox.md: card 4000 0000 0000 1976 is approved, then its cardholder disputes the charge (6975: the issuer inquires).
      const card = c['card'] as { number?: unknown } | undefined;
      const behaviour = typeof card?.number === 'string' ? testCardBehaviour(card.number) : undefined;
      if (decision.status === 'approved' && behaviour?.kind === 'approved' && behaviour.disputed) await tellTestCardDispute(c, decision.reference);
      return decision;
    })),
    'card/lookup': keyed((c) => g.card.lookup(as(c))),
    // A hold paid with one of those cards is disputed once captured, for what the capture took.
    'card/capture': keyed(async (c) => {
      const answer = await g.card.capture(as(c));
      if (answer === 'captured' && typeof c['reference'] === 'string') await tellTestCardDispute(c, c['reference']);
      return answer;
    }),
    'card/refund': keyed((c) => g.card.refund(as(c))),
    'card/refund-outcome': keyed((c) => g.card.refundOutcome(as(c))),
    'card/dispute': keyed(async (c) => (await g.card.dispute?.(as(c))) ?? null),
    'card/dispute-evidence': keyed(async (c) => {
      text(c, 'reference');
      text(c, 'disputeReference');
      text(c, 'evidence');
      return (await g.card.submitDisputeEvidence?.(as(c))) ?? null;
    }),
    'card/dispute-accept': keyed(async (c) => {
      text(c, 'reference');
      text(c, 'disputeReference');
      return (await g.card.acceptDispute?.(as(c))) ?? null;
    }),
    'card/void': keyed((c) => g.card.void(as(c))),
    'card/save-card': cvcChecked(keyed((c) => g.card.saveCard(as(c)))),
    'push/request': keyed((c) => g.push.request(as(c))),
    'push/status': keyed((c) => g.push.status(as(c))),
    'push/cancel': keyed((c) => g.push.cancel(as(c))),
    'push/refund': keyed((c) => g.push.refund(as(c))),
    'push/refund-outcome': keyed((c) => g.push.refundOutcome(as(c))),
    'voucher/issue': keyed((c) => g.voucher.issue(as(c))),
    'voucher/status': keyed((c) => g.voucher.status(as(c))),
    'voucher/cancel': keyed((c) => g.voucher.cancel(as(c))),
    'crypto/coins': (body) => g.crypto.coins(as(callOf(body, false))),
    'crypto/quote': (body) => g.crypto.quote(as(callOf(body, false))),
    'crypto/address': keyed((c) => g.crypto.address(as(c))),
    'crypto/status': keyed((c) => g.crypto.status(as(c))),
    'crypto/refund': keyed((c) => g.crypto.refund(as(c))),
    'crypto/refund-outcome': keyed((c) => g.crypto.refundOutcome(as(c))),
    'bank/start': keyed((c) => g.bank.start(as(c))),
    'bank/outcome': keyed((c) => g.bank.outcome(as(c))),
    'bank/cancel': keyed((c) => g.bank.cancel(as(c))),
    'bank/refund': keyed((c) => g.bank.refund(as(c))),
    'payout/pay': keyed((c) => g.payout.pay(as(c))),
    'payout/lookup': keyed((c) => g.payout.lookup(as(c))),
    'controls/card-challenge': (b) => controls.card.challenge(text(b, 'key')),
    'controls/page-withdrawn': async (b) => {
      await controls.pages.withdrawn(text(b, 'key'), { reason: text(b, 'reason'), paidWith: typeof b['paidWith'] === 'string' ? b['paidWith'] : null });
      return null;
    },
    'controls/card-complete': async (b) => {
      const key = text(b, 'key');
      return told(key, await controls.card.completeChallenge(key, flag(b, 'approved'), b['lang'] === 'en' ? 'en' : 'es'),
        (decision) => ({ id: `sim:card:${key}:${decision.status}`, key, kind: 'card', decision }));
    },
    // The card network decides a dispute (docs/sandbox.md "Disputes"), told to the server as opening one was.
    'controls/dispute-decide': async (b) => {
      const reference = text(b, 'reference');
      const disputeReference = text(b, 'disputeReference');
      const outcome = b['outcome'];
      if (outcome !== 'won' && outcome !== 'lost') throw new BadRequest('outcome must be won or lost');
      return told(chargeKeyOf(reference) ?? reference, await controls.card.decideDispute(reference, disputeReference, outcome),
        (dispute) => ({ id: `sim:dispute:${dispute.reference}:${dispute.status}`, kind: 'dispute', paymentReference: reference, dispute }));
    },
    'controls/push-answer': async (b) => {
      const key = text(b, 'key');
      return told(key, await controls.push.payerAnswers(key, flag(b, 'approved')), (answer) => ({ id: `sim:push:${key}:${answer.state}`, key, kind: 'push', answer }));
    },
    'controls/voucher-pay': async (b) => {
      const key = text(b, 'key');
      return told(key, await controls.voucher.paidAtKiosk(key), (voucher) => ({ id: `sim:voucher:${key}:paid`, key, kind: 'voucher', voucher }));
    },
    'controls/crypto-confirm': async (b) => {
      const paid = b['paidCrypto'];
      if (typeof paid !== 'number' || !(paid >= 0)) throw new BadRequest('paidCrypto must be a number, 0 or more');
      // A deposit's key is the payment's and its network's (`codOper:network`); the event names the payment.
      const key = text(b, 'key');
      const cut = key.lastIndexOf(':');
      const [codOper, network] = cut > 0 ? [key.slice(0, cut), key.slice(cut + 1)] : [key, ''];
      return told(key, await controls.crypto.chainConfirms(key, paid, typeof b['senderAddress'] === 'string' ? b['senderAddress'] : null),
        (deposit) => ({ id: `sim:crypto:${codOper}:${network}:${paid}`, key: codOper, kind: 'crypto', deposit }));
    },
    'controls/bank-waiting': (b) => controls.bank.waiting(text(b, 'key')),
    'controls/bank-decide': async (b) => {
      const key = text(b, 'key');
      return told(key, await controls.bank.payerDecides(key, flag(b, 'approved')), (outcome) => ({ id: `sim:bank:${key}:${outcome}`, key, kind: 'bank', outcome }));
    },
    // The test phones due to answer now, claimed once (by whichever node asks first).
    'controls/answers-due': async () => {
      const events: GatewayEvent[] = [];
      await controls.answerDue(async (event) => void events.push(event));
      return events;
    },
  };

  const app = new Hono();
  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Behind the API's door: a server's check that the simulator takes its SIMULATOR_API_SECRET.
  app.get('/v1/health', (c) => c.json({ status: 'ok' }));
  app.post('/v1/:group/:operation', async (c) => {
    const operation = operations[`${c.req.param('group')}/${c.req.param('operation')}`];
    if (!operation) return c.json({ code: 'not_found', message: 'No such operation' }, 404);
    const body = await c.req.json<unknown>().catch(() => undefined);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return c.json({ code: 'invalid_arguments', message: 'The body must be a JSON object' }, 400);
    try {
      const answer = await operation(body as Body);
      return c.json({ answer: answer ?? null });
    } catch (error) {
      if (error instanceof BadRequest) return c.json({ code: 'invalid_arguments', message: error.message }, 400);
      // A call the simulated processor never answers (a test card's refund): held past the caller's deadline.
      if (isGatewayOutcomeUnknown(error)) {
        const deadline = Date.parse(String((body as Body)['deadline'] ?? '')) || Date.now() + 10_000;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1_000));
        return c.json({ code: 'no_answer', message: error.message }, 504);
      }
      throw error;
    }
  });
  // The payer's pages (the issuer's 3D Secure page, the bank's Clave page), on this origin.
  if (simulated.pages) app.route('/', payerPages({ ...simulated, pages: simulated.pages }, notify));
  app.onError((error, c) => c.json({ code: 'processor_error', message: error.message }, 500));
  return app;
}
