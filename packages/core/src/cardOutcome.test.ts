import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CardAuthResponseSchema, cardOutcome } from './cardOutcome';

const base = { codOper: 'OP-1', messageSys: '', authStatus: '', cardType: 'VISA', displayNum: '•••• 4242' };

// SPEC 4 "Subscription: status 1 or -1 passes, otherwise the decline message shows": a subscription's
// first payment is a card payment, so the same table holds (1 the receipt, -1 the bank's page or pending).
describe('SPEC 4 "Card payment: status 1 leads to the receipt; a 3DS redirect URL is followed at once; any other status shows an error."', () => {
  it.each([
    ['status 1 -> receipt', { status: 1 }, { kind: 'receipt', codOper: 'OP-1' }],
    ['3DS redirect', { status: -1, redirectUrl: 'http://localhost:4000/sandbox/3ds/OP-1' }, { kind: 'redirect', url: 'http://localhost:4000/sandbox/3ds/OP-1' }],
    ['3DS redirect with spaces around the address', { status: -1, redirectUrl: '  https://bank.test/3ds  ' }, { kind: 'redirect', url: 'https://bank.test/3ds' }],
    ['redirect that is not http(s) is refused', { status: -1, redirectUrl: 'javascript:alert(1)', messageSys: 'x' }, { kind: 'error', messageSys: 'x' }],
    ['decided: -1 without redirect is pending', { status: -1 }, { kind: 'pending', codOper: 'OP-1' }],
    ['status 0 shows an error', { status: 0, messageSys: 'Fondos insuficientes' }, { kind: 'error', messageSys: 'Fondos insuficientes' }],
    ['status 0 with a redirect is still an error', { status: 0, redirectUrl: 'https://x.test', messageSys: 'no' }, { kind: 'error', messageSys: 'no' }],
    ['unknown status shows an error', { status: 7 }, { kind: 'error', messageSys: '' }],
    ['approved without codOper is an error', { status: 1, codOper: '' }, { kind: 'error', messageSys: '' }],
    ['pending without codOper is an error', { status: -1, codOper: null, messageSys: null }, { kind: 'error', messageSys: '' }],
  ])('%s', (_rule, patch, outcome) => {
    expect(cardOutcome(v.parse(CardAuthResponseSchema, { ...base, ...patch }))).toEqual(outcome);
  });

  it('the schema rejects an answer without status and an unknown brand', () => {
    expect(v.safeParse(CardAuthResponseSchema, { codOper: 'x' }).success).toBe(false);
    expect(v.safeParse(CardAuthResponseSchema, { status: 1, cardType: 'DISCOVER' }).success).toBe(false);
  });
});
