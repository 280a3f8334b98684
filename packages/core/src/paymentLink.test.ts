import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  MerchantUserSchema, PaymentLinkSchema, PaymentStationSchema, findMerchantService,
} from './paymentLink';

describe('SPEC 3 "Payment link: alias, details, othersValues, serviceCode, merchant (customFields as JSON text, logo, guest flag)"', () => {
  it('parses a link and its merchant part', () => {
    const link = v.parse(PaymentLinkSchema, {
      alias: 'Cuota', details: null, othersValues: { cardType: 'VISA' }, serviceCode: 'LK',
      merchant: { customFields: '[{"id":1}]', logo: '/images/m.svg', hasPaymentGuest: false },
    });
    expect(link).toMatchObject({ alias: 'Cuota', details: '', serviceCode: 'LK', merchant: { customFields: '[{"id":1}]', logo: '/images/m.svg', hasPaymentGuest: false } });
    const bare = v.parse(PaymentLinkSchema, { merchant: {} });
    expect(bare.merchant).toEqual({ customFields: '', logo: '', hasPaymentGuest: true });
  });
});

describe('SPEC 3 "Payment-station record" and "Merchant user"', () => {
  it('reads the station with its owner', () => {
    expect(v.parse(PaymentStationSchema, { idMerchant: 3, stationId: 'ST-1', amount: '12.5', idUsrOwner: 77 })).toEqual({
      idMerchant: 3, stationId: 'ST-1', description: '', amount: 12.5, discount: 0, idUsrOwner: 77,
    });
    expect(v.safeParse(PaymentStationSchema, { stationId: 'ST-1' }).success).toBe(false);
  });

  it('reads the merchant user', () => {
    expect(v.parse(MerchantUserSchema, { idUsr: '5', login: 'shop' })).toEqual({ idUsr: 5, login: 'shop' });
  });
});

describe('a merchant service by gateway code', () => {
  it('finds a service by gateway code', () => {
    const services = ['PFW', 'croem_clav'].map((gatewayCode, i) => ({ idMerchantService: i, gatewayCode }));
    expect(findMerchantService(services, (c) => c === 'CROEM_CLAV')?.idMerchantService).toBe(1);
    expect(findMerchantService(services, (c) => c === 'CRYPTO')).toBeNull();
    // "case-insensitive": the match sees the code in upper case
    expect(findMerchantService([{ idMerchantService: 5, gatewayCode: 'pfw' }], (c) => c === 'PFW')?.idMerchantService).toBe(5);
  });
});
