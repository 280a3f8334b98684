import { describe, expect, it } from 'vitest';
import { afterChallengeAbandon, isAbandonableChallenge } from './challengeAbandon';

const challenge = { method: 'card', status: -1, authStatus: 'PENDING_3DS', redirectUrl: 'http://localhost/sandbox/3ds/PP1' };

describe('SPEC 4 "Card: -1 pending, 0 declined, 1 approved" and "a 3DS redirect URL is followed at once": which attempt the payer may leave', () => {
  it.each([
    ['pending at its 3DS challenge', challenge, true],
    ['pending at the issuer, no challenge', { ...challenge, authStatus: 'PENDING', redirectUrl: null }, false],
    ['a challenge without its address', { ...challenge, redirectUrl: '' }, false],
    ['in doubt (sent, no answer recorded)', { ...challenge, authStatus: 'PROCESSING', redirectUrl: null }, false],
    ['approved after the challenge', { ...challenge, status: 1, authStatus: 'APPROVED' }, false],
    ['refused by the challenge', { ...challenge, status: 0, authStatus: 'AUTHENTICATION_FAILED' }, false],
    ['already left', { ...challenge, status: 0, authStatus: 'CANCELLED' }, false],
    ['another method pending with a redirect (Clave)', { ...challenge, method: 'clave' }, false],
  ])('%s', (_case, attempt, allowed) => {
    expect(isAbandonableChallenge(attempt)).toBe(allowed);
  });
});

describe('SPEC 4 "Card: -1 pending, 0 declined, 1 approved, 2 captured, 3 refunded": what the checkout shows after leaving a challenge', () => {
  it.each([
    ['called off: the form, to pay another way', { status: 0, authStatus: 'CANCELLED' }, 'form'],
    ['approved first: its receipt', { status: 1, authStatus: 'APPROVED' }, 'receipt'],
    ['approved and captured since: its receipt', { status: 2, authStatus: 'CAPTURED' }, 'receipt'],
    ['refunded since: its receipt', { status: 3, authStatus: 'REFUNDED' }, 'receipt'],
    ['refused by the bank first: the form with its reason', { status: 0, authStatus: 'AUTHENTICATION_FAILED' }, 'declined'],
    ['declined without an auth status', { status: 0 }, 'declined'],
    ['still pending: the wait goes on', { status: -1, authStatus: 'PENDING_3DS' }, 'waiting'],
    ['an unknown status is not a payment', { status: 7, authStatus: 'X' }, 'declined'],
  ])('%s', (_case, answer, end) => {
    expect(afterChallengeAbandon(answer)).toBe(end);
  });
});
