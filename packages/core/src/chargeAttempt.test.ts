import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PaymentAttemptSchema, TrackIdSchema, chargeIdentityText, isTrackId, trackIdRepeatOf, type ChargeIdentity } from './chargeAttempt';

const base: ChargeIdentity = {
  method: 'card', target: 'LKDEMO0001', amountCents: 2500, taxCents: 175, donationCents: 0, card: 'f1', phone: '', email: '', variant: '',
};

describe('one payment attempt makes at most one charge: what defines the charge', () => {
  it.each<[string, Partial<ChargeIdentity>]>([
    ['method', { method: 'nequi' }],
    ['link or station code', { target: 'LKOTHER' }],
    ['amount', { amountCents: 2600 }],
    ['amount left to the link', { amountCents: null }],
    ['tax', { taxCents: 0 }],
    ['donation (SPEC 5 amountToCampaign)', { donationCents: 100 }],
    ['card', { card: 'f2' }],
    ['phone', { phone: '3001234567' }],
    ['e-mail', { email: 'otro@example.com' }],
    ['variant (Nequi push or QR, cash network)', { variant: 'qr' }],
  ])('another %s is another charge', (_field, change) => {
    expect(chargeIdentityText({ ...base, ...change })).not.toBe(chargeIdentityText(base));
  });

  it.each<[string, Partial<ChargeIdentity>]>([
    ['e-mail case and spaces', { email: ' Pagador@Example.com ' }],
    ['phone spaces', { phone: ' 61234567 ' }],
  ])('%s do not make another charge', (_field, change) => {
    const plain = { ...base, email: 'pagador@example.com', phone: '61234567' };
    expect(chargeIdentityText({ ...plain, ...change })).toBe(chargeIdentityText(plain));
  });

  it('the e-mail is kept in lower case, as identities already stored were written', () => {
    expect(chargeIdentityText({ ...base, email: ' Pagador@Example.com ' })).toContain('"pagador@example.com"');
  });

  it('fields cannot run into each other', () => {
    expect(chargeIdentityText({ ...base, phone: 'a', email: 'b' })).not.toBe(chargeIdentityText({ ...base, phone: '', email: 'ab' }));
  });
});

describe('a trackId seen before', () => {
  it.each([
    ['h1', 'h1', 'repeat', 'the same charge: answer what the first did'],
    ['h1', 'h2', 'reused', 'another charge under the same trackId: 409 track_id_reused'],
    [null, 'h2', 'repeat', 'a transaction stored before fingerprints were kept: as it always was'],
  ] as const)('stored %j, sent %j: %s (%s)', (stored, sent, verdict, _why) => {
    expect(trackIdRepeatOf(stored, sent)).toBe(verdict);
  });
});

describe('the trackIds the attempt lookup takes', () => {
  it.each([
    ['6f1c2b9e-3d4a-4b5c-8d7e-9f0a1b2c3d4e', true],
    ['walk-0.123', true],
    ['t:1_x', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['', false],
    ['a b', false],
    ['a/b', false],
    ["x'--", false],
  ])('%j: %s', (trackId, ok) => {
    expect(isTrackId(trackId)).toBe(ok);
  });

  it('the lookup answer: result is one of APPROVED, PENDING, DECLINED; redirectUrl and expiresAt may be null', () => {
    const answer = { trackId: 't1', codOper: 'PP1', method: 'card', status: 1, result: 'APPROVED', authStatus: 'APPROVED', messageSys: 'ok', redirectUrl: null, expiresAt: null };
    expect(v.is(PaymentAttemptSchema, answer)).toBe(true);
    expect(v.is(PaymentAttemptSchema, { ...answer, result: 'ERROR' })).toBe(false);
  });
});

describe('TrackIdSchema (issue 89: "An empty `trackId` answers 500 on Yappy, cash, Clave and crypto"; empty or blank keys are 400)', () => {
  it.each([
    ['', false], ['   ', false], ['\t', false], ['x'.repeat(65), false], [7, false],
    ['9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f', true], ['x'.repeat(64), true], ['a', true],
  ] as const)('%j taken: %s', (trackId, taken) => {
    const result = v.safeParse(TrackIdSchema, trackId);
    expect(result.success).toBe(taken);
    if (!result.success) expect(result.issues[0]?.message).toBe('missing_arguments');
  });
});
