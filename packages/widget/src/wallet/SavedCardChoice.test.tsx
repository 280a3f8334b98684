import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, type SavedCard } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { fakePaymentContext, scriptedApi } from '../testing/fakePaymentContext';
import { render, settle, viewPerTest } from '../testing/render';
import { SavedCardChoice } from './SavedCardChoice';

const card: SavedCard = { cardToken: 'tok', visibleNum: '**** 4242', cardType: 'VISA', isDefault: true, idRelCard: 7, idRegCard: null, idUsr: null, idUsrPfCard: null, nameOnCard: 'José Muñoz' };

describe('Pay with a saved card', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  // The donation is offered above the saved cards: an amount the campaign refuses was dropped, the payment sent without it.
  it.each([
    ['a donation the campaign refuses: its field takes the focus, nothing is sent', true, 1, []],
    ['nothing to fix: the payment is sent', false, 0, ['activity/pay']],
  ] as const)('%s', async (_, refused, focused, sent) => {
    const { api, calls } = scriptedApi({ 'users/me/cards': { cards: [card] } });
    const { payment } = fakePaymentContext('card', api);
    const focus = vi.fn();
    const view = keep(await render(<SavedCardChoice payment={{ ...payment, extrasToFix: () => (refused ? { focus } : null) }} onChoice={() => undefined} onPaidElsewhere={() => undefined} />));
    await settle();
    const pay = view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!pay) throw new Error('no Pay button');
    await act(() => pay.click());
    await settle();
    expect(focus).toHaveBeenCalledTimes(focused);
    expect(calls.filter((c) => c.method === 'post').map((c) => c.path)).toEqual(sent);
  });

  // A donation chosen above the saved cards was left out of the payment: the card was charged without it.
  it.each([
    ['a donation chosen: it goes with the payment, and its receipt comes first', { amount: 5, idCampaignBridge: 3 }, { amountToCampaign: 5, idCampaignBridge: 3 }, '/pf/receipt/campaign?Oper=OP-1'],
    ['no donation: none is sent, the payment\'s receipt', null, {}, '/pf/default-receipt/OP-1'],
  ] as const)('%s', async (_, donation, sent, receipt) => {
    const { api, calls } = scriptedApi({ 'users/me/cards': { cards: [card] }, 'activity/pay': { activityResult: { status: 1, codOper: 'OP-1' }, method: 'card' } });
    const { payment, navigations } = fakePaymentContext('card', api, { donation: () => donation });
    const view = keep(await render(<SavedCardChoice payment={payment} onChoice={() => undefined} onPaidElsewhere={() => undefined} />));
    await settle();
    const pay = view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!pay) throw new Error('no Pay button');
    await act(() => pay.click());
    await settle();
    const body = calls.find((c) => c.path === 'activity/pay')?.body as Record<string, unknown>;
    expect({ amountToCampaign: body['amountToCampaign'], idCampaignBridge: body['idCampaignBridge'] }).toEqual({ amountToCampaign: undefined, idCampaignBridge: undefined, ...sent });
    expect(navigations).toEqual([receipt]);
  });
});
