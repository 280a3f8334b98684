import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { RawPaymentInfoSchema, cardBrandsOfList, parseCardTypeList, parsePaymentInfo } from './paymentInfo';

const raw = {
  idMerchant: 7,
  code: 'LK-ABC123',
  description: 'Cuota de junio | Mensualidad del gimnasio',
  amount: 25.5,
  discount: 0,
  type: 'LK',
  email: 'shop@example.com',
  othersValues: { EXPIRES_AT: '2026-12-31 23:59:59', cardType: 'VISA, mc' },
  taxAmount: 1.79,
  serviceCode: 'LK',
  transactionsType: 'AUTH_CAPTURE',
  lang: 'es',
  returnUrlString: 'https://shop.example.com/done',
  additionalParamsUrlString: '',
  customFieldValues: [{ id: 'ref', value: '0042' }],
  additionalData: { source: 'demo' },
  txChannel: 'PWW',
  idSubscription: null,
};

describe('SPEC 3 "Payment info (built from a payment link)"', () => {
  it('parses the server shape of api contract item 3', () => {
    const info = parsePaymentInfo(raw);
    expect(info).toMatchObject({
      idMerchant: 7,
      code: 'LK-ABC123',
      alias: 'Cuota de junio',
      detail: 'Mensualidad del gimnasio',
      amount: 25.5,
      taxAmount: 1.79,
      expiresAt: '2026-12-31 23:59:59',
      cardTypes: ['VISA', 'MC'],
      cardTypeList: ['VISA', 'MC'],
      serviceCode: 'LK',
      subscription: null,
      idSubscription: null,
      additionalData: { source: 'demo' },
    });
    expect(info.customFields).toEqual([
      { id: 'CFref', type: 'hidden', description: '', nameOrLabel: '', value: '0042', required: false, options: [] },
    ]);
  });

  it('"othersValues holds EXPIRES_AT and cardType (a comma-separated list)"; both may be absent', () => {
    const info = parsePaymentInfo({ ...raw, othersValues: null, discount: null, taxAmount: null, customFieldValues: null, additionalData: null });
    expect(info).toMatchObject({ expiresAt: null, cardTypes: [], cardTypeList: [], discount: 0, taxAmount: 0, customFieldValues: [], additionalData: {} });
    expect(parsePaymentInfo({ ...raw, othersValues: { EXPIRES_AT: '  ' } }).expiresAt).toBeNull();
    expect(parsePaymentInfo({ ...raw, othersValues: { EXPIRES_AT: null } }).expiresAt).toBeNull();
    expect(parsePaymentInfo({ ...raw, othersValues: { EXPIRES_AT: 1795000000000 } }).expiresAt).toBe('1795000000000');
  });

  it('"A subscription (plan and subscription key) is decoded from additionalParamsUrlString when it mentions subscription"', () => {
    const info = parsePaymentInfo({ ...raw, additionalParamsUrlString: 'subscriptionKey=SK-1&plan=9', idSubscription: '44' });
    expect(info.subscription).toEqual({ plan: '9', subscriptionKey: 'SK-1' });
    expect(info.idSubscription).toBe(44);
  });

  it('reads numeric text as numbers and rejects a bad payload', () => {
    expect(parsePaymentInfo({ ...raw, amount: ' 10.50 ', idMerchant: '7' }).amount).toBe(10.5);
    expect(() => parsePaymentInfo({ ...raw, amount: 'ten' })).toThrow(v.ValiError);
    expect(v.safeParse(RawPaymentInfoSchema, { code: 'x' }).success).toBe(false);
  });

  it.each([
    ['Solo alias', 'Solo alias', 'Solo alias'],
    [' Solo alias ', 'Solo alias', 'Solo alias'],
    ['Alias | detalle', 'Alias', 'detalle'],
    ['| detalle', 'detalle', 'detalle'],
    ['Alias |', 'Alias', 'Alias'],
  ])('alias/detail from description %j', (description, alias, detail) => {
    expect(parsePaymentInfo({ ...raw, description })).toMatchObject({ alias, detail });
  });

  it.each([
    ['VISA,MC,AMEX', ['VISA', 'MC', 'AMEX'], ['VISA', 'MC', 'AMEX']],
    ['mastercard; nequi', ['MC', 'NEQUI'], ['MC']],
    ['AMEX|VISA|VISA', ['AMEX', 'VISA'], ['VISA', 'AMEX']],
    ['American Express', ['AMEX'], ['AMEX']],
    ['American  Express', ['AMEX'], ['AMEX']],
    ['', [], []],
    [null, [], []],
  ])('cardType list %j', (text, list, brands) => {
    expect(parseCardTypeList(text)).toEqual(list);
    expect(cardBrandsOfList(parseCardTypeList(text))).toEqual(brands);
  });
});
