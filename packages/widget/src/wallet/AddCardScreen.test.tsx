import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, type, viewPerTest } from '../testing/render';
import { AddCardScreen } from './AddCardScreen';
import { TEST_CARD, testFrame } from '../testing/testFrame';
import type { Tokenized } from '../payments/vaultFrame';

// The vault's fields as the screen sees them: each Save's card in turn.
const vault = vi.hoisted(() => ({ answers: [] as unknown[], last: null as unknown }));
vi.mock('../payments/vaultFrame', async (original) => ({
  ...(await original<typeof import('../payments/vaultFrame')>()),
  createVaultFrame: () => {
    const made = testFrame(...(vault.answers.splice(0) as Tokenized[]));
    vault.last = made;
    return made.frame;
  },
}));
const lastFrame = () => vault.last as ReturnType<typeof testFrame>;

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

async function showAddCard(answers: Array<unknown>, cards: Tokenized[] = []) {
  vault.answers = cards;
  const sent: Sent[] = [];
  const { services, navigations } = fakeServices(cardApi(answers, sent));
  const view = await render(
    <ServicesContext.Provider value={services}>
      <AddCardScreen next={null} />
    </ServicesContext.Provider>,
  );
  const frame = lastFrame();
  /** The payer types in the vault's fields (another card, or the CVC again), and the name here. */
  const fill = async (field: 'cardnumber' | 'cvc' = 'cardnumber') => {
    await act(() => frame.emit({ type: 'change', field, brand: 'VISA', complete: false }));
    await type(view.input('name'), 'ANA PRUEBA');
  };
  const save = async () => {
    await act(() => {
      view.container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
  };
  return { view, sent, navigations, fill, save, frame: frame.frame };
}

const noAnswer = () => new PasarelaError({ code: 'timeout', category: 'network' });
const serverError = () => new PasarelaError({ code: 'payment_error_try_again', category: 'api', status: 504 });
const refused = () => new PasarelaError({ code: 'invalid_cvc', category: 'api', status: 400 });
const saved = { status: 1, messageSys: 'ok', card: null };

describe('AddCardScreen: the trackId of the card check', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it.each([
    ['no answer', noAnswer],
    ['a 504', serverError],
  ])('after %s, saving the same card again sends the same trackId', async (_case, failure) => {
    const screen = await showAddCard([failure(), saved]);
    keep(screen.view);
    await screen.fill();
    await screen.save();
    // The outcome unknown: the same card (its token, the vault keeping the CVC) with the same trackId.
    expect(screen.view.container.querySelector('[role="alert"]')).not.toBeNull();
    await screen.save();
    expect(screen.sent.map((s) => s.body['trackId'])).toEqual(['track-1', 'track-1']);
    expect(screen.frame.tokenize).toHaveBeenCalledTimes(1);
    expect(screen.sent[0]?.body).toEqual({ cardNumber: TEST_CARD.token, expMonth: '12', expYear: '2034', nameOnCard: 'ANA PRUEBA', isDefault: false, trackId: 'track-1' });
    // Issue 90: no CVC leaves the checkout for the server.
    expect(screen.sent[0]?.body).not.toHaveProperty('cvv');
    expect(screen.navigations).toEqual(['/pf/widget/home']);
  });

  it('another card after no answer, a request refused (4xx), or a declined check each take a new trackId', async () => {
    const cards = ['tok_1', 'tok_2', 'tok_3', 'tok_4'].map((token): Tokenized => ({ kind: 'token', card: { ...TEST_CARD, token } }));
    const screen = await showAddCard([noAnswer(), refused(), { status: 0, messageSys: 'Transacción declinada por el banco emisor' }, saved], cards);
    keep(screen.view);
    await screen.fill();
    await screen.save();
    await screen.fill('cardnumber');
    await screen.save();
    // Refused: the CVC emptied in the vault's fields, focused there, the reason tied to it (issue 96).
    expect(screen.frame.clear).toHaveBeenLastCalledWith('cvc');
    expect(screen.frame.focus).toHaveBeenLastCalledWith('cvc');
    expect(screen.frame.decline).toHaveBeenLastCalledWith('cvc', expect.any(String));
    await screen.fill('cvc');
    await screen.save();
    await screen.fill('cvc');
    await screen.save();
    expect(screen.sent.map((s) => s.body['trackId'])).toEqual(['track-1', 'track-2', 'track-3', 'track-4']);
    expect(screen.sent.map((s) => s.body['cardNumber'])).toEqual(['tok_1', 'tok_2', 'tok_3', 'tok_4']);
    expect(screen.view.container.textContent).not.toContain('declinada');
  });

  it.each([
    ['out of reach', { kind: 'failed' }, catalogs.es.connection_error],
    ['refusing the fields\' origin (403)', { kind: 'failed', alert: 'card_payments_unavailable' }, catalogs.es.card_payments_unavailable],
    ['refusing more cards from this address (429)', { kind: 'failed', alert: 'card_entries_limited' }, catalogs.es.card_entries_limited],
  ] as Array<[string, Tokenized, string]>)('the vault %s: the payer is told as the card payment tells it, and no card is saved', async (_case, failed, text) => {
    const screen = await showAddCard([saved], [failed]);
    keep(screen.view);
    await screen.fill();
    await screen.save();
    expect(screen.view.container.querySelector('[role="alert"]')?.textContent).toBe(text);
    expect(screen.sent).toEqual([]);
  });

  it('the card\'s fields wrong, or the name missing: the first to fix takes the focus, and no card is saved', async () => {
    const screen = await showAddCard([saved], [{ kind: 'invalid', fields: ['expirationDate'] }, { kind: 'invalid', fields: [] }]);
    keep(screen.view);
    await screen.save();
    expect(screen.frame.tokenize).toHaveBeenLastCalledWith('', { focus: false, validate: true });
    expect(screen.frame.focus).toHaveBeenLastCalledWith('expirationDate');
    await screen.save();
    expect(document.activeElement).toBe(screen.view.input('name'));
    expect(screen.sent).toEqual([]);
  });
});
