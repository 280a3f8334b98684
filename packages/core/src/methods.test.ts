import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { LINK_METHOD_TOKENS, linkAllowsMethod, linkTokensNotTaken, PaymentMethodsResponseSchema, paymentMethodAvailability } from './methods';
import type { PaymentMethodEntry } from './methods';

const e = (method: PaymentMethodEntry['method'], linkType: PaymentMethodEntry['linkType'], gatewayCode = 'GW', extra: Partial<PaymentMethodEntry> = {}): PaymentMethodEntry => ({
  method, linkType, gatewayCode, idMerchantService: 1, txLimit: 1000, ...extra,
});

const all: PaymentMethodEntry[] = [
  e('card', 'LK', 'CYBS', { validations: [{ cardCode: 'VISA' }, { cardCode: 'MC' }, { cardCode: 'VISA' }] }),
  e('card', 'LK', 'CYBS2', { validations: [{ cardCode: 'AMEX' }] }),
  e('nequi', 'ND', 'NEQUI'),
  e('cash', 'LK', 'PAYCASH'),
  e('cash', 'LK', 'PC'),
  e('clave', 'LK', 'CROEM_CLAV'),
  e('crypto', 'LK', 'CRYPTO'),
  e('pfw', 'PFW', 'PFW'),
  e('yappy', 'LK', 'YAPPY'),
];

describe('SPEC 3 "Payment method availability"', () => {
  it('"Card entries carry a validations list of cardCode entries, deduplicated by cardCode"', () => {
    expect(paymentMethodAvailability(all, 'LK').cardBrands).toEqual(['VISA', 'MC', 'AMEX']);
    expect(paymentMethodAvailability([e('card', 'LK', 'X', { validations: [{ cardCode: 'MC' }, { cardCode: 'MC' }] })], 'LK').cardBrands).toEqual(['MC']);
  });

  it('every method with an entry for the link type (or its own service type) is on', () => {
    const a = paymentMethodAvailability(all, 'LK');
    expect(a.enabled).toEqual(['card', 'nequi', 'cash', 'clave', 'crypto', 'pfw', 'yappy']);
    expect(a.entries.card?.gatewayCode).toBe('CYBS');
    expect([a.visa, a.mastercard, a.amex]).toEqual([true, true, true]);
  });

  it('the link type\'s entry is chosen before the method\'s own service type', () => {
    const a = paymentMethodAvailability([e('cash', 'PCASH', 'PAYCASH'), e('cash', 'LK', 'PC')], 'LK');
    expect(a.entries.cash?.gatewayCode).toBe('PC');
    expect(paymentMethodAvailability([e('pfw', 'PFW', 'PFW')], 'PFW').entries.pfw?.gatewayCode).toBe('PFW');
  });

  it.each([
    [[], []],
    [[e('nequi', 'ND', 'NEQUI')], ['nequi']],
    [[e('card', 'LK', 'C')], ['card']],
  ])('"Payment method availability": entries %j turn on %j and nothing else (no brand flag without a card)', (entries, enabled) => {
    const a = paymentMethodAvailability(entries, 'LK');
    const on = (m: string) => (enabled as string[]).includes(m);
    const card = on('card');
    expect(a).toEqual({
      card, nequi: on('nequi'), cash: false, clave: false, crypto: false, pfw: false, yappy: false,
      visa: card, mastercard: card, amex: card, cardBrands: card ? ['VISA', 'MC', 'AMEX'] : [], payCash: false, cashPoint: false,
      entries: Object.fromEntries(entries.map((x) => [x.method, x])), enabled,
    });
  });

  it('a method with entries only for another link type is off', () => {
    const a = paymentMethodAvailability(all, 'EA');
    expect(a.enabled).toEqual(['nequi', 'pfw']);
    expect(a.card).toBe(false);
  });

  it.each([
    [[e('cash', 'LK', 'PAYCASH')], true, true, false],
    [[e('cash', 'LK', 'PC')], true, false, true],
    [[e('cash', 'PCASH', 'PC')], true, false, true],
    [[e('cash', 'LK', 'OTHER')], false, false, false],
    [[], false, false, false],
    [[e('cash', 'LK', 'PC'), e('cash', 'PCASH', 'PAYCASH')], true, true, true],
  ])('"Cash requires a PAYCASH or PC gateway entry for the link type" (%#)', (entries, cash, payCash, cashPoint) => {
    const a = paymentMethodAvailability(entries, 'LK');
    expect([a.cash, a.payCash, a.cashPoint]).toEqual([cash, payCash, cashPoint]);
  });
});

describe('SPEC 4 "Method filtering"', () => {
  it('"Card-type flags visa, mastercard and amex are set when the card types list contains VISA, MC, AMEX"', () => {
    const a = paymentMethodAvailability([e('card', 'LK', 'C', { validations: [{ cardCode: 'MC' }] })], 'LK');
    expect([a.visa, a.mastercard, a.amex]).toEqual([false, true, false]);
    expect(a.cardBrands).toEqual(['MC']);
  });

  it('a card entry without validations accepts every brand offered', () => {
    expect(paymentMethodAvailability([e('card', 'LK')], 'LK').cardBrands).toEqual(['VISA', 'MC', 'AMEX']);
  });

  it('"If the link\'s othersValues.cardType limits methods, methods not listed are turned off, except the wallet (pfw)"', () => {
    const a = paymentMethodAvailability(all, 'LK', ['VISA']);
    expect(a.enabled).toEqual(['card', 'pfw']);
    expect(a.cardBrands).toEqual(['VISA']);
    expect([a.visa, a.mastercard, a.amex]).toEqual([true, false, false]);
  });

  it('method tokens in the list keep those methods on', () => {
    expect(paymentMethodAvailability(all, 'LK', ['nequi', 'CASH']).enabled).toEqual(['nequi', 'cash', 'pfw']);
    expect(paymentMethodAvailability(all, 'LK', ['CARD', 'YAPPY']).cardBrands).toEqual(['VISA', 'MC', 'AMEX']);
  });

  it('a link brand the merchant does not accept leaves no card', () => {
    const a = paymentMethodAvailability([e('card', 'LK', 'C', { validations: [{ cardCode: 'MC' }] })], 'LK', ['AMEX']);
    expect(a.card).toBe(false);
    expect(a.cardBrands).toEqual([]);
  });

  it('"The link\'s cardType list restricts the methods left": every token it may hold names a brand or a method', () => {
    expect([...LINK_METHOD_TOKENS].sort()).toEqual(['AMEX', 'CARD', 'CASH', 'CLAVE', 'CRYPTO', 'MC', 'NEQUI', 'PAYCASH', 'PC', 'VISA', 'YAPPY']);
  });

  it.each([
    ['card', [], true],
    ['card', ['VISA'], true],
    ['card', ['CARD'], true],
    ['card', ['NEQUI'], false],
    ['nequi', ['nequi', 'VISA'], true],
    ['cash', ['PC'], true],
    ['crypto', ['YAPPY'], false],
    ['pfw', ['NEQUI'], true],
    ['nequi', [' nequi '], true],
    ['card', ['', ' '], true],
    ['card', null, true],
    ['card', undefined, true],
  ] as const)('linkAllowsMethod(%s, %j) is %s ("except the wallet (pfw)")', (method, list, allowed) => {
    expect(linkAllowsMethod(method, list)).toBe(allowed);
  });

  it.each([
    // [the link's list, pay-cash vouchers, cash-point vouchers]
    [['PC'], false, true],
    [['PAYCASH'], true, false],
    [['PAYCASH', 'PC'], true, true],
    [['CASH'], true, true],
    [['CASH', 'PC'], true, true],
    [[' pc ', 'VISA'], false, true],
  ] as const)('"methods not listed are turned off": a list naming a cash network, %j, takes that network alone', (list, payCash, cashPoint) => {
    const a = paymentMethodAvailability(all, 'LK', list);
    expect([a.cash, a.payCash, a.cashPoint]).toEqual([true, payCash, cashPoint]);
    expect(a.entries.cash?.gatewayCode).toBe(payCash ? 'PAYCASH' : 'PC');
  });

  it('an empty or missing list restricts nothing', () => {
    expect(paymentMethodAvailability(all, 'LK', []).enabled).toHaveLength(7);
    expect(paymentMethodAvailability(all, 'LK', null).enabled).toHaveLength(7);
  });

  it('validates the server list', () => {
    expect(v.safeParse(PaymentMethodsResponseSchema, { paymentMethods: all }).success).toBe(true);
    expect(v.safeParse(PaymentMethodsResponseSchema, { paymentMethods: [{ ...all[0], method: 'paypal' }] }).success).toBe(false);
  });
});

describe('issue 95: "a link whose card types or methods the merchant cannot take is refused at creation"', () => {
  const visaOnly = [e('card', 'LK', 'C', { validations: [{ cardCode: 'VISA' }] }), e('nequi', 'ND', 'NEQUI')];
  it.each([
    // [merchant entries, link tokens, tokens not taken]
    [all, ['VISA', 'MC', 'AMEX', 'CARD', 'NEQUI', 'CASH', 'PAYCASH', 'PC', 'CLAVE', 'CRYPTO', 'YAPPY'], []],
    [visaOnly, ['VISA'], []],
    [visaOnly, ['visa', ' CARD '], []],
    [visaOnly, ['AMEX'], ['AMEX']],
    [visaOnly, ['VISA', 'MC', 'AMEX'], ['MC', 'AMEX']],
    [visaOnly, ['NEQUI', 'YAPPY'], ['YAPPY']],
    [visaOnly, ['CASH', 'CRYPTO', 'CLAVE'], ['CASH', 'CRYPTO', 'CLAVE']],
    [[e('nequi', 'ND', 'NEQUI')], ['CARD', 'VISA'], ['CARD', 'VISA']],
    // A card service of another link type takes no card on these links.
    [[e('card', 'EA', 'C')], ['CARD'], ['CARD']],
    [[e('card', 'LK', 'C')], ['AMEX', 'MC'], []],
    [[e('cash', 'LK', 'OTHER')], ['CASH'], ['CASH']],
    // A voucher network the merchant does not offer, beside the one it does.
    [[e('cash', 'LK', 'PAYCASH')], ['PC'], ['PC']],
    [[e('cash', 'LK', 'PC')], ['PAYCASH', 'PC'], ['PAYCASH']],
    [[e('cash', 'LK', 'PC')], ['CASH'], []],
    [all, ['UNKNOWN'], ['UNKNOWN']],
  ] as const)('row %#: of the link\'s tokens the merchant cannot take the listed ones', (entries, tokens, refused) => {
    expect(linkTokensNotTaken(entries, 'LK', tokens)).toEqual(refused);
  });
});
