import { describe, expect, it } from 'vitest';
import { unsentPaymentCall } from './unsentPaymentCall';

describe('docs/security.md "a vault that refuses the connection then was sent nothing, so the attempt is forgotten at once and the payer is answered 503 card_payments_unavailable" (docs/gateways.md: any method\'s first call refused, 503 method_payments_unavailable): only a retry of an attempt already recorded under the same trackId (its first call may have charged) is not', () => {
  it.each<[string, Parameters<typeof unsentPaymentCall>[0], ReturnType<typeof unsentPaymentCall>]>([
    ['the vault could not give the card\'s facts, nothing recorded yet: nothing charged', { recorded: 'nothing', payerWaiting: true }, 'nothing_charged'],
    ['the authorization of the attempt this request recorded was refused: nothing charged, the attempt forgotten', { recorded: 'this_request_attempt', payerWaiting: true }, 'nothing_charged'],
    ['a retry of an attempt an earlier request recorded: its first call may have charged, it stands', { recorded: 'earlier_attempt', payerWaiting: true }, 'recorded_stands'],
    ['a renewal, nobody waiting: the reconciler\'s', { recorded: 'this_request_attempt', payerWaiting: false }, 'recorded_stands'],
    ['a renewal asked again: the reconciler\'s', { recorded: 'earlier_attempt', payerWaiting: false }, 'recorded_stands'],
  ])('%s', (_case, call, verdict) => {
    expect(unsentPaymentCall(call)).toBe(verdict);
  });
});
