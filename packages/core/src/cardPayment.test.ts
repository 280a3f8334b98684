import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { buildCardPaymentPayload } from './cardPayment';
import { CardNumberSchema, CardPaymentPayloadSchema } from './cardPaymentSchema';

type CardPaymentInput = Parameters<typeof buildCardPaymentPayload>[0];

/** As the vault makes them: `tok_` and 24 random bytes in base64url. */
const TOKEN = 'tok_Xk3-9aQ_7bLmN0pR2sT4uV6wY8zA1cE5';

const input: CardPaymentInput = {
  cclw: 'WC-7',
  code: 'LK-ABC123',
  amount: 25.505,
  taxAmount: 1.789,
  description: 'Cuota de junio',
  serviceCode: 'LK',
  transactionsType: 'AUTH_CAPTURE',
  form: {
    email: ' ana@example.com ',
    phone: '61111111',
    name: 'Ana Maria Diaz Soto',
  },
  card: { token: TOKEN, brand: 'VISA', last4: '4242', expMonth: 7, expYear: 2030 },
  ip: '127.0.0.1',
  domainRequested: 'shop.example.com',
  trackId: '0b6f3c1e-1111-4222-8333-444455556666',
  lang: 'es',
  txChannel: 'PWW',
  processDate: new Date('2026-11-23T14:05:09.000Z'),
  idService: 31,
};

function issuesOf(payload: unknown): Array<[string, string]> {
  const r = v.safeParse(CardPaymentPayloadSchema, payload);
  return r.success ? [] : r.issues.map((i) => [v.getDotPath(i) ?? '', i.message]);
}

describe('SPEC 3 "Card payment payload"', () => {
  it('applies SPEC 5 "Defaults when missing: postal code 0000; city, address and country Panama; concept \'not description\'"', () => {
    const p = buildCardPaymentPayload(input);
    expect(p).toMatchObject({
      address: 'Panama',
      city: 'Panama',
      concept: 'not description',
      additionalData: { zipCode: '0000', street: 'Panama', country: 'Panama', trackId: input.trackId, domainRequested: 'shop.example.com' },
    });
    expect(issuesOf(p)).toEqual([]);
  });

  it('issue 90: the vault\'s token in the number\'s place, its brand and expiry, no CVC; splits the name, rounds amounts, sets isOldVersion from the service code', () => {
    const p = buildCardPaymentPayload(input);
    expect(p.cardInformation).toEqual({ cardNumber: TOKEN, expMonth: '07', expYear: '30', firstName: 'Ana Maria', lastName: 'Diaz Soto', cardType: 'VISA' });
    expect(Object.keys(p.cardInformation)).not.toContain('cvv');
    expect(JSON.stringify(p)).not.toMatch(/4242/);
    expect([p.amount, p.taxAmount, p.isOldVersion, p.email]).toEqual([25.51, 1.79, true, 'ana@example.com']);
    expect(buildCardPaymentPayload({ ...input, serviceCode: 'EA' }).isOldVersion).toBe(false);
  });

  it('keeps values the payer gave and adds the optional parts', () => {
    const p = buildCardPaymentPayload({
      ...input,
      concept: 'Gym',
      taxAmount: undefined,
      description: undefined,
      form: { ...input.form, city: 'David', userAddress: 'Calle 5', country: 'Panamá', postalCode: '0401' },
      campaign: { amount: 2, idCampaignBridge: 5 },
      security: { scoreCaptcha: 0.9, captchaToken: 'tok-1', deviceFingerprint: 'fp-device-1', fingerprintRequestId: 'fp-request-1' },
      returnUrlString: 'https://shop.example.com/done',
      storeCard: false,
      tryAgain: true,
      customFieldValues: [{ id: 'CF1', value: 1 }],
    });
    expect(p).toMatchObject({
      concept: 'Gym', city: 'David', address: 'Calle 5', taxAmount: 0, description: '', amountToCampaign: 2, idCampaignBridge: 5,
      deviceInformation: { deviceFingerprint: 'fp-device-1' }, pfFingerprint: 'fp-request-1', pfFingerprintIntegration: 'FINGER_PRINT', storeCard: false, tryAgain: true,
      returnUrlString: 'https://shop.example.com/done',
      additionalData: { zipCode: '0401', street: 'Calle 5', country: 'Panamá', scoreCaptcha: 0.9, captchaToken: 'tok-1' },
    });
    expect(issuesOf(p)).toEqual([]);
  });

  // SPEC 3 lists these among the card payload's fields; SPEC 9 "3DS result type WEB_REDIRECT".
  it.each([
    ['ipCheck', '127.0.0.1'],
    ['isForm', false],
    ['isCashPayment', false],
    ['processDate', '2026-11-23T14:05:09.000Z'],
    ['cashExpirationDate', null],
    ['idService', 31],
    ['codePay', 'LK-ABC123'],
    ['resultType', 'WEB_REDIRECT'],
    ['storeCard', false],
    ['tryAgain', false],
  ])('sends %s as %j', (field, value) => {
    expect(buildCardPaymentPayload(input)).toHaveProperty([field], value);
  });

  it('SPEC 5 "Defaults when missing": a blank value is missing; what the payer typed is sent without the spaces around it', () => {
    const p = buildCardPaymentPayload({
      ...input,
      concept: '  ',
      form: { ...input.form, phone: ' 61111111 ', city: '   ', userAddress: ' Calle 5 ', country: ' ', postalCode: ' 0401 ' },
    });
    expect(p).toMatchObject({ phone: '61111111', city: 'Panama', address: 'Calle 5', concept: 'not description' });
    expect(p.additionalData).toMatchObject({ zipCode: '0401', street: 'Calle 5', country: 'Panama' });
  });

  it('the expiry year is sent as two digits, with its leading zero', () => {
    expect(buildCardPaymentPayload({ ...input, card: { ...input.card, expMonth: 7, expYear: 2005 } }).cardInformation).toMatchObject({ expMonth: '07', expYear: '05' });
  });

  it('optional parts are absent, not empty, when the payer gave none; custom field answers are sent as given', () => {
    const p = buildCardPaymentPayload(input);
    for (const field of ['amountToCampaign', 'idCampaignBridge', 'returnUrlString', 'deviceInformation', 'pfFingerprint']) expect(Object.keys(p)).not.toContain(field);
    expect(Object.keys(p.additionalData)).not.toContain('scoreCaptcha');
    expect(p.customFieldValues).toEqual([]);
    expect(buildCardPaymentPayload({ ...input, customFieldValues: [{ id: 'CF1', value: 1 }] }).customFieldValues).toEqual([{ id: 'CF1', value: 1 }]);
  });

  it('a payment posted by the form variant says so; a card service not known is sent as null', () => {
    expect(buildCardPaymentPayload({ ...input, isForm: true }).isForm).toBe(true);
    expect(buildCardPaymentPayload({ ...input, idService: undefined }).idService).toBeNull();
  });

  it('a campaign amount without a bridge id is not sent', () => {
    expect(buildCardPaymentPayload({ ...input, campaign: { amount: 2, idCampaignBridge: null } })).not.toHaveProperty('amountToCampaign');
  });

  it('the brand is the vault\'s, in SPEC\'s words', () => {
    expect(buildCardPaymentPayload({ ...input, card: { ...input.card, brand: 'AMEX', last4: '0005' } }).cardInformation.cardType).toBe('AMEX');
  });
});

describe('CardPaymentPayloadSchema issues carry the server error code and name the field', () => {
  const good = buildCardPaymentPayload(input);
  it('takes the vault\'s token with the card\'s facts sealed after a dot (its key alone too)', () => {
    const sealed = `${TOKEN}.${'Zx-_9'.repeat(60)}`;
    expect(issuesOf({ ...good, cardInformation: { ...good.cardInformation, cardNumber: sealed } })).toEqual([]);
    expect(issuesOf(good)).toEqual([]);
  });
  it.each([
    [{ cclw: '' }, ['cclw', 'missing_arguments']],
    [{ amount: 0 }, ['amount', 'greater_than_zero']],
    [{ amount: '5' }, ['amount', 'missing_arguments']],
    [{ email: 'nope' }, ['email', 'invalid_email']],
    [{ lang: 'fr' }, ['lang', 'missing_arguments']],
    // Issue 90: the number and the CVC never reach the server; a body carrying them is refused naming the field.
    [{ cardInformation: { ...good.cardInformation, cardNumber: '4242424242424242' } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: '4242 4242 4242 4242' } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: 'tok_short' } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: `${TOKEN}.` } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: `${TOKEN}.${'A'.repeat(39)}` } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: `${TOKEN}.${'A'.repeat(601)}` } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardNumber: `${TOKEN}.4242 4242 4242 4242 4242 4242 4242 4242 4242 4242` } }, ['cardInformation.cardNumber', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cvv: '123' } }, ['cardInformation.cvv', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cvv: '' } }, ['cardInformation.cvv', 'card_token_required']],
    [{ cardInformation: { ...good.cardInformation, cardType: 'DISCOVER' } }, ['cardInformation.cardType', 'card_not_valid']],
    [{ cardInformation: { ...good.cardInformation, expMonth: '13' } }, ['cardInformation.expMonth', 'expired']],
    [{ additionalData: { ...good.additionalData, trackId: '' } }, ['additionalData.trackId', 'missing_arguments']],
    [{ resultType: 'WEB_VIEW' }, ['resultType', 'invalid_arguments']],
    [{ isCashPayment: true }, ['isCashPayment', 'invalid_arguments']],
    [{ cashExpirationDate: '2026-11-24T00:00:00Z' }, ['cashExpirationDate', 'invalid_arguments']],
    [{ isForm: 'no' }, ['isForm', 'missing_arguments']],
    [{ processDate: 'yesterday' }, ['processDate', 'missing_arguments']],
    [{ idService: 0 }, ['idService', 'missing_arguments']],
    [{ idService: '31' }, ['idService', 'missing_arguments']],
    [{ codePay: 'LK-OTHER' }, ['codePay', 'invalid_arguments']],
    [{ cclw: '   ' }, ['cclw', 'missing_arguments']],
    [{ customFieldValues: ['x'.repeat(50 * 500 - 3)] }, ['customFieldValues', 'text_too_long']],
  ])('%j', (patch, first) => {
    expect(issuesOf({ ...good, ...patch })[0]).toEqual(first);
  });

  // docs/security.md "Card data": expMonth, expYear and cardType are the vault's answer, whose expiry is two numbers.
  it('takes the expiry as the vault answers it (numbers) as well as SPEC 7\'s text, and reads both as text', () => {
    const expiry = (expMonth: unknown, expYear: unknown) => v.safeParse(CardPaymentPayloadSchema, { ...good, cardInformation: { ...good.cardInformation, expMonth, expYear } });
    for (const [month, year, read] of [[12, 2029, ['12', '2029']], [3, 2030, ['03', '2030']], ['03', '30', ['03', '30']], ['12', '2029', ['12', '2029']]] as const) {
      const parsed = expiry(month, year);
      expect(parsed.success && [parsed.output.cardInformation.expMonth, parsed.output.cardInformation.expYear]).toEqual(read);
    }
  });
  it.each([
    [{ expMonth: 13 }, ['cardInformation.expMonth', 'expired']],
    [{ expMonth: 0 }, ['cardInformation.expMonth', 'expired']],
    [{ expMonth: 3.5 }, ['cardInformation.expMonth', 'expired']],
    [{ expMonth: -1 }, ['cardInformation.expMonth', 'expired']],
    [{ expYear: 202 }, ['cardInformation.expYear', 'expired']],
    [{ expYear: 2029.5 }, ['cardInformation.expYear', 'expired']],
    // Neither text nor a number: as amount '5' or isForm 'no', a value of the wrong kind.
    [{ expMonth: true }, ['cardInformation.expMonth', 'missing_arguments']],
    [{ expYear: null }, ['cardInformation.expYear', 'missing_arguments']],
    [{ expMonth: undefined }, ['cardInformation.expMonth', 'missing_arguments']],
  ])('the expiry %j', (patch, first) => {
    expect(issuesOf({ ...good, cardInformation: { ...good.cardInformation, ...patch } })[0]).toEqual(first);
  });

  it('custom field answers: up to 25,000 characters in all, and a line break is allowed in an answer', () => {
    expect(issuesOf({ ...good, customFieldValues: ['x'.repeat(50 * 500 - 4)] })).toEqual([]);
    expect(issuesOf({ ...good, customFieldValues: [{ id: 'CF1', value: 'Calle 5\nCasa 3' }] })).toEqual([]);
  });

  it('a missing object is missing_arguments', () => {
    expect(issuesOf(null)[0]).toEqual(['', 'missing_arguments']);
    expect(issuesOf({ ...good, cardInformation: undefined })[0]).toEqual(['cardInformation', 'missing_arguments']);
  });
});

describe('CardNumberSchema (shared by every endpoint that takes a card number)', () => {
  it.each([
    ['4242424242424242', null],
    ['4242 4242 4242 4242', 'invalid_card'],
    ['424242424242 4242', 'invalid_card'],
    ['4242 424242424242', 'invalid_card'],
    ['4242424242424241', 'invalid_card'],
    ['6011111111111117', 'invalid_card'],
    ['', 'missing_arguments'],
    [42, 'missing_arguments'],
  ])('%j -> %s', (n, key) => {
    const r = v.safeParse(CardNumberSchema, n);
    expect(r.success ? null : r.issues[0]?.message).toBe(key);
  });
});

describe('SPEC 5 "Defaults when missing: postal code 0000; city, address and country Panama; concept \'not description\'" on the wire', () => {
  const minimal = {
    cclw: 'TIENDADEMO',
    code: 'LK1',
    amount: 12.5,
    email: 'ana@example.com',
    cardInformation: { cardNumber: TOKEN, expMonth: '12', expYear: '2031', firstName: 'Ana', lastName: 'Diaz', cardType: 'VISA' },
    additionalData: { trackId: 't-1' },
  };

  it('accepts a hand-made request without the defaulted fields and fills them in', () => {
    const parsed = v.parse(CardPaymentPayloadSchema, minimal);
    expect(parsed).toMatchObject({
      address: 'Panama',
      city: 'Panama',
      concept: 'not description',
      taxAmount: 0,
      txChannel: 'CHK',
      lang: 'es',
      customFieldValues: [],
      additionalData: { trackId: 't-1', zipCode: '0000', street: 'Panama', domainRequested: '' },
      resultType: 'WEB_REDIRECT',
      isForm: false,
      isCashPayment: false,
      cashExpirationDate: null,
      idService: null,
    });
  });

  it.each(['cclw', 'code', 'email', 'cardInformation'] as const)('still requires %s', (field) => {
    const { [field]: _dropped, ...rest } = minimal;
    expect(v.safeParse(CardPaymentPayloadSchema, rest).success).toBe(false);
  });

  it('still requires the trackId that makes a payment exactly-once', () => {
    expect(v.safeParse(CardPaymentPayloadSchema, { ...minimal, additionalData: {} }).success).toBe(false);
  });
});
