import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  PaymentStationSchema, findMerchantService,
} from './paymentLink';

describe('SPEC 3 "Payment-station record"', () => {
  it('reads the station with its owner', () => {
    expect(v.parse(PaymentStationSchema, { idMerchant: 3, stationId: 'ST-1', amount: '12.5', idUsrOwner: 77 })).toEqual({
      idMerchant: 3, stationId: 'ST-1', description: '', amount: 12.5, discount: 0, idUsrOwner: 77,
    });
    expect(v.safeParse(PaymentStationSchema, { stationId: 'ST-1' }).success).toBe(false);
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
