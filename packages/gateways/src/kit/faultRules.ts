import type { CardDecision, CardRefundAnswer } from '../CardProcessor';
import { isGatewayCallNotSent, isGatewayOutcomeUnknown } from '../GatewayCall';
import { approved, authorization, callOf, check, described, needs, RuleBroken, sameCharge, show, type Rule, type RuleContext } from './cardRules';
import type { ContractInputs } from './ContractInputs';
import type { FaultProxy, NetworkFault } from './faultProxy';

/** The longest deadline of a call the kit keeps from reaching the processor: short, so the run stays quick. */
const UNREACHABLE_DEADLINE_MS = 1_500;
/** How long the backoff rule keeps the processor away, and how many tries it allows in that time. */
const BACKOFF_WINDOW_MS = 2_000;
const MAX_TRIES_IN_WINDOW = 10;

/** The kit's proxy; a module that names no processor URL cannot have its network faulted, which fails the rule. */
export function networkOf(c: { network: FaultProxy | undefined }): FaultProxy {
  if (!c.network) throw new RuleBroken('the module names no processor (contract.processor: { env, url }), so the kit cannot fault its network');
  return c.network;
}

/** Runs `call` with the fault set; fails the rule when none of the adapter's calls passed the proxy (a fault never made proves nothing). */
export async function underFault<T>(c: { network: FaultProxy | undefined; inputs: ContractInputs }, fault: NetworkFault, call: () => Promise<T>): Promise<{ outcome: T | unknown; tries: number[] }> {
  const network = networkOf(c);
  network.set(fault);
  const outcome = await call().then((answer) => answer, (error: unknown) => error);
  const tries = network.seen.map((seen) => seen.at);
  network.set(undefined);
  check(tries.length > 0, `no call of the adapter passed the kit's proxy in front of ${network.upstream}: the module does not read ${c.inputs.processor?.env} (not faulted)`);
  return { outcome, tries };
}

const unknownOrOne = (outcome: unknown, expected: string) => isGatewayOutcomeUnknown(outcome) || outcome === expected;

/** The rules that need the network in the kit's hands: a proxy in front of the processor's base URL loses, holds, refuses and garbles answers. */
export const FAULT_RULES: readonly Rule[] = [
  { name: 'deadline: a held answer ends by the deadline as an unknown outcome', async run(c) {
    const deadlineMs = Math.min(c.inputs.deadlineMs ?? 10_000, 3_000);
    const card = await c.typed('approves');
    const started = Date.now();
    const { outcome } = await underFault(c, { kind: 'hold' }, () => c.card.authorize({ ...authorization(c, card), deadline: new Date(started + deadlineMs) }));
    const took = Date.now() - started;
    check(isGatewayOutcomeUnknown(outcome), `answered ${described(outcome)}, not GatewayOutcomeUnknown (isGatewayOutcomeUnknown)`);
    check(took <= deadlineMs + 2_000, `took ${took} ms against a ${deadlineMs} ms deadline`);
  } },
  { name: 'lost answer: asked again under the same key, the same single charge', async run(c) {
    const request = authorization(c, await c.typed('approves'));
    const { outcome: first } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.card.authorize(request));
    check(!(first instanceof Error) || isGatewayOutcomeUnknown(first), `a lost answer surfaced as ${described(first)}, not GatewayOutcomeUnknown`);
    const again = await c.card.authorize(request);
    const found = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: null });
    check(again.status === 'approved' && sameCharge(again, found), `after the lost answer: ${show(again)}, lookup ${show(found)}`);
    if (!(first instanceof Error)) check(sameCharge(first as CardDecision, again), `the retry made another charge: ${show(first)} then ${show(again)}`);
  } },
  { name: 'not sent: never said of a call the processor received (its answer lost or held)', async run(c) {
    // GatewayCallNotSent makes the server forget the attempt and the payer pay again: said of a call
    // that reached the processor, that is a second charge. Here each call reaches it.
    const cut = authorization(c, await c.typed('approves'));
    const { outcome: lost } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.card.authorize(cut));
    check(!isGatewayCallNotSent(lost), `a lost answer was said not sent (${described(lost)}), though the processor charged: the payer would pay again`);
    const held = { ...authorization(c, await c.typed('approves')), deadline: new Date(Date.now() + Math.min(c.inputs.deadlineMs ?? 10_000, UNREACHABLE_DEADLINE_MS)) };
    const { outcome: late } = await underFault(c, { kind: 'hold' }, () => c.card.authorize(held));
    check(!isGatewayCallNotSent(late), `a held answer was said not sent (${described(late)}), though the processor had the call`);
  } },
  { name: 'lookup: while the processor cannot be reached, an unknown outcome, never null', async run(c) {
    const { request } = await approved(c);
    const lookup = { ...callOf(c, request.idempotencyKey), deadline: new Date(Date.now() + Math.min(c.inputs.deadlineMs ?? 10_000, UNREACHABLE_DEADLINE_MS)), reference: null };
    const { outcome } = await underFault(c, { kind: 'refuse' }, () => c.card.lookup(lookup));
    check(isGatewayOutcomeUnknown(outcome), `answered ${described(outcome)}: null tells the server nothing was charged, and it charges again`);
  } },
  { name: 'capture: its answer lost, asked again under its key, the one capture', skip: needs('captureLater'), async run(c) {
    const { reference } = await approved(c, { capture: false });
    const capture = { ...callOf(c), reference, amountCents: 800, currency: 'USD' };
    const { outcome: first } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.card.capture(capture));
    check(unknownOrOne(first, 'captured'), `a capture whose first answer was lost answered ${described(first)}`);
    const again = await c.card.capture(capture);
    check(again === 'captured', `the same capture key asked again answered ${show(again)}`);
  } },
  { name: 'refund: its answer lost, asked again under its key, the one refund', async run(c) {
    // A part when parts are supported: a second refund of it would not be refused, and would take the rest's place.
    const { reference } = await approved(c);
    const part = c.inputs.supports.partialRefunds ? 400 : 1_000;
    const refund = { ...callOf(c), reference, amountCents: part, currency: 'USD' };
    const { outcome: first } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.card.refund(refund));
    const taken = (answer: unknown) => ['refunded', 'pending'].includes((answer as CardRefundAnswer | undefined)?.status ?? '');
    check(isGatewayOutcomeUnknown(first) || taken(first), `a refund whose first answer was lost answered ${described(first)}`);
    const again = await c.card.refund(refund);
    check(taken(again), `the same refund key asked again answered ${show(again)}`);
    if (part < 1_000) {
      const rest = await c.card.refund({ ...callOf(c), reference, amountCents: 1_000 - part, currency: 'USD' });
      check(taken(rest), `the rest of the charge (${1_000 - part}) was then answered ${show(rest)}: the refund under one key was made more than once`);
    }
  } },
  { name: 'void: a hold is released under its key (its answer lost, asked again), and cannot be captured after', skip: needs('captureLater'), async run(c) {
    const { reference } = await approved(c, { capture: false });
    const voiding = { ...callOf(c), reference };
    const { outcome: first } = await underFault(c, { kind: 'cut', times: 1, writesOnly: true }, () => c.card.void(voiding));
    check(unknownOrOne(first, 'voided'), `a void whose first answer was lost answered ${described(first)}`);
    const again = await c.card.void(voiding);
    check(again === 'voided', `the same void key asked again answered ${show(again)}`);
    const captured = await c.card.capture({ ...callOf(c), reference, amountCents: 1_000, currency: 'USD' });
    check(captured === 'refused', `the voided hold was then captured (${show(captured)}): the void released nothing`);
  } },
  { name: '5xx with a non-JSON body (a proxy\'s 502 page): retried or an unknown outcome, never final', async run(c) {
    const request = authorization(c, await c.typed('approves'));
    const { outcome } = await underFault(c, { kind: 'badGateway', times: 1, writesOnly: true }, () => c.card.authorize(request));
    check(isGatewayOutcomeUnknown(outcome) || (outcome as CardDecision | undefined)?.status === 'approved', `answered ${described(outcome)}, though the processor made the charge`);
    const found = await c.card.lookup({ ...callOf(c, request.idempotencyKey), reference: null });
    check(found?.status === 'approved', `lookup after the 502 answered ${show(found)}`);
    if (!isGatewayOutcomeUnknown(outcome)) check(sameCharge(outcome as CardDecision, found), `the retry made another charge: ${show(outcome)}, lookup ${show(found)}`);
  } },
  { name: `retries: while the processor is unavailable (502), at most ${MAX_TRIES_IN_WINDOW} tries in ${BACKOFF_WINDOW_MS / 1000} s, the pauses growing`, async run(c) {
    const request = { ...authorization(c, await c.typed('approves')), deadline: new Date(Date.now() + BACKOFF_WINDOW_MS) };
    const { outcome, tries } = await underFault(c, { kind: 'unavailable' }, () => c.card.authorize(request));
    check(isGatewayOutcomeUnknown(outcome), `answered ${described(outcome)}, not GatewayOutcomeUnknown`);
    check(tries.length <= MAX_TRIES_IN_WINDOW, `${tries.length} tries in ${BACKOFF_WINDOW_MS} ms: the adapter does not back off`);
    // Growing: a later pause at least twice an earlier one (a client's own quick second try allowed).
    const pauses = tries.slice(1).map((at, i) => at - (tries[i] as number));
    const half = Math.floor(pauses.length / 2);
    check(pauses.length < 2 || Math.max(...pauses.slice(half)) >= 2 * Math.min(...pauses.slice(0, half)), `pauses between tries ${pauses.join(', ')} ms: they do not grow`);
  } },
  { name: 'restart: a new instance of the adapter finds what the last one did', async run(c) {
    const { request, reference } = await approved(c);
    const card = (await c.remake()).gateways.card;
    check(card !== undefined, 'made again, the module gives no card port');
    const found = await card.lookup({ ...callOf(c, request.idempotencyKey), reference });
    check(found?.status === 'approved' && 'reference' in found && found.reference === reference, `after a restart, lookup answered ${show(found)}`);
  } },
];
