import { describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ANSWERS, bootApp } from '../../testing/bootApp';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { settle, viewPerTest } from '../../testing/render';

const FORM = '/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test';
const ANSWERS = {
  ...CHECKOUT_ANSWERS,
  'merchants/7/payment-methods': {
    paymentMethods: ['card', 'yappy'].map((method, i) => ({ method, linkType: 'LK', gatewayCode: method === 'yappy' ? 'YAPPY' : 'LK', idMerchantService: i + 1, txLimit: 0 })),
  },
};

async function open() {
  const view = await bootApp(FORM, { api: scriptedApi(ANSWERS).api });
  const radio = (method: string) => view.container.querySelector<HTMLInputElement>(`input[name="payment-method"][value="${method}"]`);
  await vi.waitFor(async () => {
    await settle();
    expect(radio('card')).not.toBeNull();
  }, { timeout: 10_000 });
  return { ...view, radio };
}

// After a Yappy request lapsed (SPEC 9 "Yappy gives 5 minutes") the tab keeps no attempt; a reload
// opens on the method the payer was using, with the phone they typed (yappy/store.ts), not on the card.
describe('a reload opens on the method the payer was using', () => {
  const keep = viewPerTest();

  it('Yappy chosen, its request lapsed, then a reload: Yappy again, the phone typed; a fresh tab opens on the card', async () => {
    const first = await open();
    expect(first.radio('card')?.checked).toBe(true);
    first.radio('yappy')?.click();
    await vi.waitFor(async () => {
      await settle();
      expect(first.container.querySelector<HTMLInputElement>('input[name="yappy-phone"]')).not.toBeNull();
    }, { timeout: 10_000 });
    // What the lapsed request left in the tab: its phone, no attempt.
    sessionStorage.setItem('pasarela.phone.yappy.LINK1', '63333333');
    await first.unmount();

    const reloaded = await open();
    keep(reloaded);
    expect(reloaded.radio('yappy')?.checked).toBe(true);
    await vi.waitFor(async () => {
      await settle();
      expect(reloaded.container.querySelector<HTMLInputElement>('input[name="yappy-phone"]')?.value.replace(/\D/g, '')).toBe('63333333');
    }, { timeout: 10_000 });
  });

  it('nothing chosen in this tab: the card', async () => {
    const view = await open();
    keep(view);
    expect(view.radio('card')?.checked).toBe(true);
  });
});
