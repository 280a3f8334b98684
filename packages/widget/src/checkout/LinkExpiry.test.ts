import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError } from '@pasarela/core';
import { LinkExpiry } from './LinkExpiry';
import { createCheckoutStore } from './checkoutStore';
import { render, viewPerTest } from '../testing/render';
import { startI18n } from '../i18n/i18n';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { ServicesContext } from '../services/services';

const expired = new PasarelaError({ code: '3000', category: 'api', status: 410 });
const expiredPage = '/pf/responseMessage?code=3000&link=LINK1&type=lk';

describe('the link countdown reaching zero', () => {
  beforeAll(() => startI18n('es', catalogs.es));
  const shown = viewPerTest();
  afterEach(() => vi.useRealTimers());

  async function countdown(paymentUnderWay: () => boolean) {
    vi.useFakeTimers({ now: Date.parse('2026-12-07T10:00:00Z') });
    const { api, calls } = scriptedApi({ 'payment-info': expired });
    const { services, navigations, messages } = fakeServices(api);
    const { endedLinkPage } = createCheckoutStore({ api, type: 'lk', code: 'LINK1', imageBase: '' }).getState();
    const view = shown(await render(createElement(ServicesContext.Provider, { value: services }, createElement(LinkExpiry, { expiresAt: '2026-12-07T10:00:02Z', now: () => new Date(), paymentUnderWay, endedLinkPage }))));
    const line = () => view.container.querySelector('.expiry');
    return { line, calls, navigations, messages, view };
  }
  const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

  it('is said once, as an alert of its own (the ticks are not); a second later, the link over, its page', async () => {
    const { line, calls, navigations, messages, view } = await countdown(() => false);
    expect([line()?.getAttribute('role'), line()?.textContent]).toEqual(['timer', catalogs.es.link_expires_in?.replace('{{time}}', '00:02')]);
    await tick(1000);
    expect(line()?.getAttribute('role')).toBe('timer');
    const counting = line();
    await tick(1000);
    expect([line()?.getAttribute('role'), line()?.textContent]).toEqual(['alert', catalogs.es.sorry_link_expired]);
    // A new element: screen readers read an alert as it appears, not a timer's role changed in place.
    expect(line()).not.toBe(counting);
    // The server's end is within the second after (EXPIRES_AT is given to the second).
    expect(calls).toEqual([]);
    await tick(1000);
    expect(navigations).toEqual([expiredPage]);
    expect(messages).toEqual([{ type: 'error', error: { code: 'expired_link', message: catalogs.es.expired_link, category: 'api' } }]);
    await tick(5000);
    expect([calls.length, navigations.length, view.container.querySelectorAll('[role="alert"]').length]).toEqual([1, 1, 1]);
  });

  it('with a payment under way, only said: the page stays', async () => {
    const { line, calls, navigations } = await countdown(() => true);
    for (let second = 0; second < 5; second++) await tick(1000);
    expect(line()?.getAttribute('role')).toBe('alert');
    expect([calls, navigations]).toEqual([[], []]);
  });

  it('with a payment started while the server was asked, the page stays too', async () => {
    const underWay = [false, true];
    const { calls, navigations, messages } = await countdown(() => underWay.shift() ?? true);
    for (let second = 0; second < 5; second++) await tick(1000);
    expect([calls.length, navigations, messages]).toEqual([1, [], []]);
  });
});
