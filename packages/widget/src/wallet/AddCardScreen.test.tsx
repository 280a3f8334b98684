import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, type } from '../testing/render';
import { AddCardScreen } from './AddCardScreen';

// The add-card check is keyed by the trackId the widget sends (core RegisterCardSchema): a Save
// after no answer, or a 5xx, sends the same card with the same trackId (the same check, never a
// second); an answer, a refusal of the request, or another card takes a new trackId.

type Sent = { path: string; body: Record<string, unknown> };

/** An API whose add-card call answers each Save in turn with `answers` (an error is thrown). */
function cardApi(answers: Array<unknown>, sent: Sent[]): ApiClient {
  const next = async (path: string, body: unknown) => {
    sent.push({ path, body: body as Record<string, unknown> });
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer as never;
  };
  return { get: () => new Promise(() => {}), post: (path, _schema, body) => next(path, body), put: () => new Promise(() => {}) };
}

async function showAddCard(answers: Array<unknown>) {
  const sent: Sent[] = [];
  const { services, navigations } = fakeServices(cardApi(answers, sent));
  const view = await render(
    <ServicesContext.Provider value={services}>
      <AddCardScreen next={null} />
    </ServicesContext.Provider>,
  );
  const fill = async (cardNumber: string) => {
    await type(view.input('cardnumber'), cardNumber);
    await type(view.input('expirationDate'), '12/34');
    await type(view.input('cvc'), '123');
    await type(view.input('name'), 'ANA PRUEBA');
  };
  const save = async () => {
    await act(() => {
      view.container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
  };
  return { view, sent, navigations, fill, save };
}

const noAnswer = () => new PasarelaError({ code: 'timeout', category: 'network' });
const serverError = () => new PasarelaError({ code: 'payment_error_try_again', category: 'api', status: 504 });
const refused = () => new PasarelaError({ code: 'invalid_cvc', category: 'api', status: 400 });
const saved = { status: 1, messageSys: 'ok', card: null };

describe('AddCardScreen: the trackId of the card check', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(() => startI18n('es', catalogs.es));
  afterEach(async () => {
    await unmount?.();
    document.body.innerHTML = '';
  });

  it.each([
    ['no answer', noAnswer],
    ['a 504', serverError],
  ])('after %s, saving the same card again sends the same trackId', async (_case, failure) => {
    const screen = await showAddCard([failure(), saved]);
    unmount = screen.view.unmount;
    await screen.fill('4242424242424242');
    await screen.save();
    // The CVC is cleared after every try, and holds the focus with the reason tied to it (issue 96).
    const cvc = screen.view.input('cvc');
    expect(document.activeElement).toBe(cvc);
    expect(cvc.getAttribute('aria-invalid')).toBe('true');
    expect(cvc.getAttribute('aria-describedby')?.split(' ')).toContain(screen.view.container.querySelector('[role="alert"]')?.id);
    await type(screen.view.input('cvc'), '123');
    await screen.save();
    expect(screen.sent.map((s) => s.body['trackId'])).toEqual(['track-1', 'track-1']);
    expect(screen.sent[0]?.body).toMatchObject({ cardNumber: '4242424242424242', nameOnCard: 'ANA PRUEBA', trackId: 'track-1' });
    // Issue 90: no CVC leaves the checkout for the server.
    expect(screen.sent[0]?.body).not.toHaveProperty('cvv');
    expect(screen.navigations).toEqual(['/pf/widget/home']);
  });

  it('another card after no answer, a request refused (4xx), or a declined check each take a new trackId', async () => {
    const screen = await showAddCard([noAnswer(), refused(), { status: 0, messageSys: 'Transacción declinada por el banco emisor' }, saved]);
    unmount = screen.view.unmount;
    await screen.fill('4242424242424242');
    await screen.save();
    await screen.fill('5555555555554444');
    await screen.save();
    await type(screen.view.input('cvc'), '123');
    await screen.save();
    await type(screen.view.input('cvc'), '123');
    await screen.save();
    expect(screen.sent.map((s) => s.body['trackId'])).toEqual(['track-1', 'track-2', 'track-3', 'track-4']);
    expect(screen.view.container.textContent).not.toContain('declinada');
  });
});
