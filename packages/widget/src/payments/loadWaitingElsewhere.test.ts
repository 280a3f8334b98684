import { describe, expect, it } from 'vitest';
import { checkoutData, scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { loadWaitingElsewhere } from './loadWaitingElsewhere';

const YAPPY = { merchant: 7, link: 'OLDLINK', method: 'yappy', codOper: 'PPYP1', deadline: null };
const STATE = { 'payments/waiting/PPYP1': { method: 'yappy', codOper: 'PPYP1', state: 'waiting', total: 88.28, merchant: 7, link: 'OLDLINK', expiresAt: null } };

function servicesAt(query: string) {
  const { api, calls } = scriptedApi(STATE);
  const { services } = fakeServices(api, { address: () => new URL(`https://checkout.test/pf/widget?type=lk&code=LINK1&${query}`) });
  return { services, calls };
}
const ready = (patch: Partial<ReturnType<typeof checkoutData>> = {}) => Promise.resolve({ ...checkoutData(), ...patch });
const waiting = `waiting=${encodeURIComponent(JSON.stringify([YAPPY]))}`;

describe('loadWaitingElsewhere: before the first screen, a payment of this merchant waiting on another link', () => {
  it('found (this link is merchant 7\'s): the payment, as the server says it stands, and its screen', async () => {
    const { services, calls } = servicesAt(waiting);
    const found = await loadWaitingElsewhere(services, ready());
    expect(found?.found).toEqual({ payment: YAPPY, state: 'waiting', total: 88.28 });
    expect(typeof found?.Screen).toBe('function');
    expect(calls).toHaveLength(1);
  });

  it("this order's own link: its wait by the server's record (started in any browser), with the phone's last four digits", async () => {
    const { api, calls } = scriptedApi({ 'payments/pending': { method: 'yappy', codOper: 'PPYP9', expiresAt: '2026-11-25T10:00:00.000Z', phone: '****3333' } });
    const { services } = fakeServices(api, { address: () => new URL('https://checkout.test/pf/widget?type=lk&code=LINK1') });
    const found = await loadWaitingElsewhere(services, ready());
    expect(found?.found).toEqual({
      payment: { method: 'yappy', codOper: 'PPYP9', deadline: Date.parse('2026-11-25T10:00:00.000Z'), merchant: 7, link: 'LINK1' },
      state: 'waiting', total: 26.75, here: true, phone: '****3333',
    });
    expect(calls).toEqual([{ method: 'get', path: 'payments/pending', body: { code: 'LINK1' } }]);
  });

  it("a card payment at its 3DS challenge on this order's link: the issuer's page to open again, read as a web address", async () => {
    for (const [challengeUrl, expected] of [
      ['https://bank.test/3ds/OP1', 'https://bank.test/3ds/OP1'],
      ['/pf/3ds/OP1?t=1', 'https://checkout.test/pf/3ds/OP1?t=1'],
      ['javascript:alert(1)', null],
    ] as const) {
      const { api } = scriptedApi({ 'payments/pending': { method: 'card', codOper: 'OP1', expiresAt: null, phone: null, challengeUrl } });
      const { services } = fakeServices(api, { address: () => new URL('https://checkout.test/pf/widget?type=lk&code=LINK1') });
      const found = await loadWaitingElsewhere(services, ready());
      expect(found?.found).toMatchObject({ payment: { method: 'card', codOper: 'OP1', deadline: null }, here: true, phone: null, challengeUrl: expected });
    }
  });

  it('nothing waiting, or the server not answering: the form', async () => {
    for (const answer of [null, undefined]) {
      const { api } = scriptedApi(answer === undefined ? {} : { 'payments/pending': answer });
      const { services } = fakeServices(api, { address: () => new URL('https://checkout.test/pf/widget?type=lk&code=LINK1') });
      expect(await loadWaitingElsewhere(services, ready())).toBeNull();
    }
  });

  it('asks nothing when this target has its own waiting payment (?pending=), for a subscription, or when the checkout did not load', async () => {
    for (const [query, loaded] of [
      [`${waiting}&pending=${encodeURIComponent(JSON.stringify({ method: 'cash', codOper: 'PPC1', deadline: null }))}`, ready()],
      [waiting, ready({ subscription: {} as never })],
      [waiting, Promise.resolve(null)],
    ] as const) {
      const { services, calls } = servicesAt(query);
      expect(await loadWaitingElsewhere(services, loaded)).toBeNull();
      expect(calls).toEqual([]);
    }
  });
});
