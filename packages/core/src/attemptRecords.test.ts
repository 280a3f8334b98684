import { describe, expect, it } from 'vitest';
import { pendingAttemptOf, recordAsCardAnswer, waitingEndOf, waitingStateOf } from './attemptRecords';

type LinkAttempt = Parameters<typeof pendingAttemptOf>[0][number];
import { cardOutcome } from './cardOutcome';
import type { PaymentAttempt } from './chargeAttempt';

const record = (patch: Partial<PaymentAttempt>): PaymentAttempt => ({
  trackId: 't-1', codOper: 'OP1', method: 'card', status: 1, result: 'APPROVED', authStatus: 'APPROVED', messageSys: 'Aprobada', redirectUrl: null, expiresAt: null, ...patch,
});

describe('recordAsCardAnswer: a lost card answer read back from its record (SPEC 4 "Card payment")', () => {
  it.each([
    // "status 1 leads to the receipt"
    [{ result: 'APPROVED' as const }, 1, { kind: 'receipt', codOper: 'OP1' }],
    // "a 3DS redirect URL is followed at once": a challenge still open keeps its address
    [{ result: 'PENDING' as const, status: -1, redirectUrl: 'https://bank.test/3ds' }, -1, { kind: 'redirect', url: 'https://bank.test/3ds' }],
    [{ result: 'PENDING' as const, status: -1 }, -1, { kind: 'pending', codOper: 'OP1' }],
    // "any other status shows an error", with the gateway's reason
    [{ result: 'DECLINED' as const, status: 0, messageSys: 'Fondos insuficientes' }, 0, { kind: 'error', messageSys: 'Fondos insuficientes' }],
    // the record's overall result decides, not its raw status (a refund, 3, is not an approval here)
    [{ result: 'DECLINED' as const, status: 3, redirectUrl: 'https://bank.test/3ds' }, 0, { kind: 'error', messageSys: 'Aprobada' }],
  ])('%j -> status %i, %j', (patch, status, outcome) => {
    const answer = recordAsCardAnswer(record(patch));
    expect(answer.status).toBe(status);
    expect(cardOutcome(answer)).toEqual(outcome);
  });

  it('carries the codOper, reason and auth status; never a brand or card digits', () => {
    expect(recordAsCardAnswer(record({ authStatus: '05', messageSys: 'No autorizada', result: 'DECLINED' }))).toEqual({
      status: 0, codOper: 'OP1', messageSys: 'No autorizada', authStatus: '05', cardType: null, displayNum: '', redirectUrl: null,
    });
  });
});

const NOW = new Date('2026-11-23T12:00:00Z');
const later = new Date('2026-11-23T12:05:00Z');
const attempt = (patch: Partial<LinkAttempt>): LinkAttempt => ({ method: 'nequi', status: -1, authStatus: 'PENDING', codOper: 'OP1', byUser: false, expiresAt: later, ...patch });

describe('pendingAttemptOf: the payment a payer left pending on a link, to wait on again', () => {
  it.each([
    ['a Nequi push still waiting (SPEC 4 Nequi -1 pending)', [attempt({})], { method: 'nequi', codOper: 'OP1', expiresAt: later.toISOString() }],
    ['a cash voucher (SPEC 4 cash 0 pending), no deadline', [attempt({ method: 'cash', status: 0, expiresAt: null })], { method: 'cash', codOper: 'OP1', expiresAt: null }],
    ['a Yappy 0 (SPEC 4 "Yappy: -1 and 0 pending")', [attempt({ method: 'yappy', status: 0 })], { method: 'yappy', codOper: 'OP1', expiresAt: later.toISOString() }],
    ['a crypto quote (SPEC 4 "Crypto: all others pending")', [attempt({ method: 'crypto', status: 0 })], { method: 'crypto', codOper: 'OP1', expiresAt: later.toISOString() }],
    ['a Clave payment at the bank (-1)', [attempt({ method: 'clave' })], { method: 'clave', codOper: 'OP1', expiresAt: later.toISOString() }],
    ['a card payment pending at its issuer is the issuer\'s to decide', [attempt({ method: 'card' })], null],
    ['a card payment at its 3DS challenge, with the issuer\'s page to open again', [attempt({ method: 'card', authStatus: 'PENDING_3DS', redirectUrl: 'https://bank.test/3ds/1', expiresAt: null })],
      { method: 'card', codOper: 'OP1', expiresAt: null, challengeUrl: 'https://bank.test/3ds/1' }],
    ['a wallet user\'s 3DS challenge is not offered either', [attempt({ method: 'card', authStatus: 'PENDING_3DS', redirectUrl: 'https://bank.test/3ds/1', byUser: true })], null],
    ['a wallet user\'s payment is not offered to whoever opens the link', [attempt({ byUser: true })], null],
    ['a window that closed', [attempt({ expiresAt: NOW })], null],
    ['an approved payment', [attempt({ status: 1, authStatus: 'APPROVED' })], null],
    ['a Yappy 0 that ended unpaid (auth status EXPIRED)', [attempt({ method: 'yappy', status: 0, authStatus: 'EXPIRED' })], null],
    ['a cash voucher declined (3)', [attempt({ method: 'cash', status: 3 })], null],
    ['no payment at all', [], null],
  ])('%s', (_rule, attempts, expected) => {
    expect(pendingAttemptOf(attempts, NOW)).toEqual(expected);
  });

  it('the latest pending one wins, an ended later one does not hide an earlier pending one', () => {
    const rows = [attempt({ codOper: 'OLD' }), attempt({ codOper: 'NEW', method: 'yappy' }), attempt({ codOper: 'DONE', status: 1, authStatus: 'APPROVED' })];
    expect(pendingAttemptOf(rows, NOW)?.codOper).toBe('NEW');
  });
});

describe("waitingStateOf: where a payment the loader remembered stands (shown on another link's checkout)", () => {
  it.each([
    ['a Yappy request still in its window (SPEC 4 Yappy -1 pending)', attempt({ method: 'yappy' }), 'waiting'],
    ['a cash voucher not yet paid (SPEC 4 cash 0 pending)', attempt({ method: 'cash', status: 0, expiresAt: null }), 'waiting'],
    ['a Yappy request approved while the checkout was closed (1 approved)', attempt({ method: 'yappy', status: 1, authStatus: 'APPROVED' }), 'paid'],
    ['a cash voucher paid at the kiosk (SPEC 4 cash 2 paid)', attempt({ method: 'cash', status: 2, authStatus: 'APPROVED' }), 'paid'],
    ['a Nequi push past its window, unanswered', attempt({ expiresAt: new Date(NOW.getTime() - 1) }), 'over'],
    ['a Nequi push called off by the payer', attempt({ status: 0, authStatus: 'CANCELLED' }), 'over'],
    ['a cash voucher declined (3)', attempt({ method: 'cash', status: 3 }), 'over'],
    ['a card payment (finished in the checkout, never waited on again)', attempt({ method: 'card', status: -1 }), 'over'],
  ])('%s', (_rule, remembered, expected) => {
    expect(waitingStateOf(remembered, NOW)).toBe(expected);
  });
});

// PRODUCT: "wait screens follow the payment live ... declined or timed out -> the catalogue message and a way to try again".
describe('waitingEndOf: why a payment waited on from another browser stopped waiting, unpaid', () => {
  it.each([
    ['still in its window: none', attempt({ method: 'yappy' }), null],
    ['approved: none (it is paid)', attempt({ method: 'yappy', status: 1, authStatus: 'APPROVED' }), null],
    ['the phone said no (Yappy 0 DECLINED)', attempt({ method: 'yappy', status: 0, authStatus: 'DECLINED' }), 'declined'],
    ['a Nequi push declined', attempt({ status: 0, authStatus: 'DECLINED' }), 'declined'],
    ['a Yappy request recorded lapsed (0 EXPIRED)', attempt({ method: 'yappy', status: 0, authStatus: 'EXPIRED' }), 'lapsed'],
    ['a Nequi push past its window, unanswered', attempt({ expiresAt: new Date(NOW.getTime() - 1) }), 'lapsed'],
    ['a cash voucher lapsed (SPEC 4 cash "3 declined", EXPIRED)', attempt({ method: 'cash', status: 3, authStatus: 'EXPIRED' }), 'lapsed'],
    ['called off by the payer', attempt({ method: 'yappy', status: 0, authStatus: 'CANCELLED' }), 'calledOff'],
  ])('%s', (_rule, remembered, expected) => {
    expect(waitingEndOf(remembered, NOW)).toBe(expected);
  });
});
