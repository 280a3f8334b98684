import { describe, expect, it, vi } from 'vitest';
import { checkoutModule } from '../checkout/checkoutModule';
import { receiptModule } from '../receipts/receiptModule';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';

// Issue 48 "The merchant's defaults": the checkout and receipts use the merchant's stored brand
// colour; open()'s appearance overrides it (applyTheme.test.ts holds that order).
const brand = { displayName: 'Café Ñandú', colorPrimary: '#6b3e26' };
const merchant = { idMerchant: 7, merchantName: 'Tienda', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0 };
const paymentMethods = [{ method: 'card', linkType: 'LK', gatewayCode: 'LK', idMerchantService: 1, txLimit: 0 }];
const station = { idMerchant: 7, stationId: 'EST-001', description: 'Caja 1', amount: 15, discount: 0, idUsrOwner: 3 };
const receipt = (brandOf: unknown) => ({
  date: '2026-11-21T17:30:00Z', name: 'Rosa Díaz', authStatus: 'APPROVED', cardType: 'VISA', type: 'AUTH_CAPTURE', displayNum: '**** 4242',
  codOper: 'OP1', status: 1, totalPay: 12.84, email: 'rosa@example.com', typeMethod: 'CARD', reference: 'OP1',
  merchant: { merchantName: 'Tienda', logo: '', brand: brandOf },
});

function themeSpy() {
  const painted: Array<string | undefined> = [];
  let paint = () => {};
  const setBrandColour = vi.fn((colour: string | undefined) => {
    // settles once "painted", as startTheme's does after its chunk loads
    return new Promise<void>((resolve) => (paint = () => (painted.push(colour), resolve())));
  });
  return { theme: { setBrandColour }, painted, paint: () => paint() };
}

describe('the merchant\'s stored brand colour', () => {
  it.each([
    [brand, '#6b3e26'],
    [null, undefined],
  ])('the checkout hands brand %j to the theme, and shows once it is painted', async (stored, colour) => {
    const { api } = scriptedApi({ 'merchants/7': { ...merchant, brand: stored }, 'merchants/7/payment-methods': { paymentMethods }, 'stations/EST-001': station });
    const spy = themeSpy();
    const { services } = fakeServices(api, { theme: spy.theme });
    let shown = false;
    const ready = checkoutModule.prepare({ name: 'checkout', type: 'ps', code: 'EST-001' }, services).ready.then(() => (shown = true));
    await vi.waitFor(() => expect(spy.theme.setBrandColour).toHaveBeenCalledWith(colour));
    expect(shown).toBe(false);
    spy.paint();
    await ready;
    expect(spy.painted).toEqual([colour]);
  });

  it('a receipt hands its merchant\'s brand colour to the theme', async () => {
    const { api } = scriptedApi({ 'receipts/OP1': receipt(brand) });
    const spy = themeSpy();
    const { services } = fakeServices(api, { theme: spy.theme });
    const ready = receiptModule.prepare({ name: 'receipt', codOper: 'OP1' }, services).ready;
    await vi.waitFor(() => expect(spy.theme.setBrandColour).toHaveBeenCalledWith('#6b3e26'));
    spy.paint();
    await ready;
    expect(spy.theme.setBrandColour).toHaveBeenCalledTimes(1);
  });
});
