import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { PasarelaError } from '@pasarela/core';
import { FAULTS, faultyServer } from '../../testing/faultyServer';
import { createCardStore, visibleErrors, type CardAttempt, type CardStoreDeps, type CardValues } from './store';
import type { CardFields, Tokenized } from '../../payments/vaultFrame';

const CARD = { token: 'tok_4242', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } as const;

/** The vault's fields as the store sees them: each Pay's answer in turn, the last one kept. */
function fakeFields(...answers: Tokenized[]) {
  const queue = answers.length > 0 ? answers : [{ kind: 'token', card: CARD } as const];
  return {
    tokenize: vi.fn<CardFields['tokenize']>(async () => (queue.length > 1 ? queue.shift()! : queue[0]!)),
    focus: vi.fn(),
    clear: vi.fn(),
    check: vi.fn(),
    busy: vi.fn(),
    decline: vi.fn(),
  };
}

const GOOD: CardValues = {
  name: 'Ana Maria Perez',
  email: 'ana@example.com',
  phone: '6123 4567',
};

function setup(overrides: Partial<CardStoreDeps> = {}) {
  let n = 0;
  const deps: CardStoreDeps = {
    now: () => new Date('2026-11-21T12:00:00Z'),
    fields: fakeFields(),
    checkPhone: vi.fn(async (phone: string) => (phone.trim() === '' ? 'field_required' : phone.includes('x') ? 'invalid_phone_number' : null)),
    pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })),
    lookup: vi.fn(async (): Promise<CardAttempt | null> => null),
    onDone: vi.fn(),
    newTrackId: () => `track-${++n}`,
    // The follow-up's looks without its pauses.
    followUp: { delaysMs: [0, 0, 0] },
    ...overrides,
  };
  const store = createCardStore(deps);
  const fill = (values: Partial<CardValues> = GOOD) => {
    for (const [field, value] of Object.entries(values)) store.getState().setValue(field as keyof CardValues, value);
  };
  return { store, deps, fill };
}

describe('card store: SPEC 5 validation through core', () => {
  it('shows no message before a field is left, then the SPEC key once it is', () => {
    const { store } = setup();
    store.getState().setValue('name', 'Ana');
    expect(visibleErrors(store.getState())).toEqual({});
    store.getState().blur('name');
    expect(visibleErrors(store.getState())).toEqual({ name: 'format_name_invalid' });
  });

  it('leaving an empty field never typed into shows nothing; a submit attempt shows "required" (issue 96)', async () => {
    const fields = fakeFields({ kind: 'invalid', fields: ['cardnumber', 'expirationDate', 'cvc'] });
    const { store } = setup({ fields });
    for (const field of ['name', 'email', 'phone'] as const) store.getState().blur(field);
    expect(visibleErrors(store.getState())).toEqual({});
    // The vault's fields are checked with the form's, and no card is sent while the form is wrong.
    expect(await store.getState().submit()).toBe('cardnumber');
    expect(fields.tokenize).toHaveBeenCalledWith('', { focus: false, validate: true });
    expect(visibleErrors(store.getState()).name).toBe('field_required');
  });

  it('a field typed into and emptied again says "required" when left (issue 96)', () => {
    const { store } = setup();
    store.getState().setValue('name', 'A');
    store.getState().setValue('name', '');
    store.getState().blur('name');
    expect(visibleErrors(store.getState()).name).toBe('field_required');
  });

  it.each([
    ['name', 'Ana', 'format_name_invalid'],
    ['name', 'José Pérez 2', 'name_letters_only'],
    ['email', 'ana@', 'invalid_email'],
    ['email', '', 'field_required'],
  ] as const)('%s = %j gives %s', (field, value, key) => {
    const { store, fill } = setup();
    fill();
    store.getState().setValue(field, value);
    store.getState().blur(field);
    expect(visibleErrors(store.getState())[field]).toBe(key);
  });

  it('keeps an accented name as the payer writes it (the processor adapter transliterates what it sends)', () => {
    const { store } = setup();
    store.getState().setValue('name', 'María José Núñez');
    store.getState().blur('name');
    expect(store.getState().values.name).toBe('María José Núñez');
    expect(visibleErrors(store.getState()).name).toBeUndefined();
  });

  it('knows the brand the vault\'s fields say as the payer types', () => {
    const { store } = setup();
    store.getState().cardChanged('cardnumber', 'AMEX');
    expect(store.getState().brand).toBe('AMEX');
  });

  it('on submit shows every message, checks the phone and returns the first invalid field (the vault\'s first)', async () => {
    const { store, fill, deps } = setup({ fields: fakeFields({ kind: 'invalid', fields: ['cvc'] }) });
    fill({ ...GOOD, phone: '12x' });
    expect(await store.getState().submit()).toBe('cvc');
    expect(visibleErrors(store.getState())).toEqual({ phone: 'invalid_phone_number' });
    expect(deps.pay).not.toHaveBeenCalled();
  });

  it('the vault out of reach: the payer is told, nothing is paid, and Pay may be pressed again', async () => {
    const { store, fill, deps } = setup({ fields: fakeFields({ kind: 'failed' }, { kind: 'token', card: CARD }) });
    fill();
    expect(await store.getState().submit()).toBeNull();
    expect(store.getState().alert).toEqual({ key: 'connection_error' });
    expect(deps.pay).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(deps.pay).toHaveBeenCalledWith(GOOD, CARD, 'track-1', { tryAgain: false });
  });

  it('the vault took too many cards from this address: the payer is told to wait, not to check the connection', async () => {
    const { store, fill, deps } = setup({ fields: fakeFields({ kind: 'failed', alert: 'card_entries_limited' }) });
    fill();
    expect(await store.getState().submit()).toBeNull();
    expect(store.getState().alert).toEqual({ key: 'card_entries_limited' });
    expect(deps.pay).not.toHaveBeenCalled();
  });

  it('the vault refused the card fields\' origin (its operator\'s setting): card payments are unavailable, not the payer\'s connection', async () => {
    const { store, fill, deps } = setup({ fields: fakeFields({ kind: 'failed', alert: 'card_payments_unavailable' }) });
    fill();
    expect(await store.getState().submit()).toBeNull();
    expect(store.getState().alert).toEqual({ key: 'card_payments_unavailable' });
    expect(deps.pay).not.toHaveBeenCalled();
  });
});

// PRODUCT: after a failure the focus is on the field to fix. A donation the campaign refuses was found
// only once the payment was on its way: a vague banner above, the focus left on Pay.
describe('card store: the checkout\'s extras (a donation) are checked with the form, before anything is sent', () => {
  const refusedDonation = () => {
    const extra = { focus: vi.fn() };
    return { extra, extrasToFix: vi.fn(() => extra) };
  };

  it('a refused donation on a right form: no card asked for, nothing paid, no banner, the focus on the donation', async () => {
    const fields = fakeFields({ kind: 'invalid', fields: [] });
    const { extra, extrasToFix } = refusedDonation();
    const { store, deps, fill } = setup({ fields, extrasToFix });
    fill();
    expect(await store.getState().submit()).toBeNull();
    // The vault's fields are checked (and say so) with the form's; no card leaves them.
    expect(fields.tokenize).toHaveBeenCalledWith('Ana Maria Perez', { focus: false, validate: true });
    expect(deps.pay).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ alert: null, phase: 'editing', submitted: true });
    expect(extra.focus).toHaveBeenCalledOnce();
  });

  it('a form field to fix as well: that field takes the focus, the donation says its error without it', async () => {
    const fields = fakeFields({ kind: 'invalid', fields: ['cvc'] });
    const { extra, extrasToFix } = refusedDonation();
    const { store, deps } = setup({ fields, extrasToFix });
    expect(await store.getState().submit()).toBe('cvc');
    expect(extrasToFix).toHaveBeenCalledOnce();
    expect(extra.focus).not.toHaveBeenCalled();
    expect(deps.pay).not.toHaveBeenCalled();
  });

  it('the donation fixed: the next Pay sends the payment', async () => {
    const { extrasToFix } = refusedDonation();
    extrasToFix.mockReturnValueOnce({ focus: vi.fn() }).mockReturnValue(null as never);
    const fields = fakeFields({ kind: 'invalid', fields: [] }, { kind: 'token', card: CARD });
    const { store, deps, fill } = setup({ fields, extrasToFix });
    fill();
    await store.getState().submit();
    expect(deps.pay).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(deps.pay).toHaveBeenCalledOnce();
    expect(fields.tokenize).toHaveBeenLastCalledWith('Ana Maria Perez', { focus: false });
  });
});

describe('card store: one payment per click', () => {
  it('pays once with a new trackId per click, and is disabled while paying', async () => {
    let release: (attempt: CardAttempt) => void = () => {};
    const pay = vi.fn((_values: CardValues, _card: unknown, _trackId: string) => new Promise<CardAttempt>((resolve) => (release = resolve)));
    const { store, fill, deps } = setup({ pay });
    fill();
    const first = store.getState().submit();
    const second = store.getState().submit(); // double click
    await vi.waitFor(() => expect(store.getState().phase).toBe('paying'));
    expect(await second).toBeNull();
    release({ kind: 'receipt', codOper: 'OP1' });
    await first;
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]?.[2]).toBe('track-1');
    expect(store.getState().phase).toBe('done');
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP1' });
    // A finished payment cannot be paid again.
    await store.getState().submit();
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('after a decline keeps the values, empties the CVC, shows the reason and lets the payer retry with a new trackId and a new token', async () => {
    const pay = vi
      .fn<CardStoreDeps['pay']>()
      .mockResolvedValueOnce({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' } })
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const second = { ...CARD, token: 'tok_second' };
    const fields = fakeFields({ kind: 'token', card: CARD }, { kind: 'token', card: second });
    const { store, fill, deps } = setup({ pay, fields });
    fill();
    await store.getState().submit();
    const state = store.getState();
    expect(state.phase).toBe('editing');
    expect(state.alert).toEqual({ key: 'payment_declined', text: 'Fondos insuficientes' });
    expect(state.values).toEqual(GOOD);
    expect(state.cvcCleared).toBe(true);
    // The vault used the CVC: the field is emptied for the payer to type again.
    expect(fields.clear).toHaveBeenCalledWith('cvc');
    expect(visibleErrors(state)).toEqual({});
    store.getState().cardChanged('cvc', 'VISA');
    await store.getState().submit();
    expect(pay.mock.calls.map((c) => c[2])).toEqual(['track-1', 'track-2']);
    expect(pay.mock.calls.map((c) => c[1].token)).toEqual(['tok_4242', 'tok_second']);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP2' });
    expect(store.getState().alert).toBeNull();
  });

  it('a card whose CVC the vault no longer holds (invalid_cvc): the CVC emptied and tied to the alert, and the next Pay sends a new token', async () => {
    const pay = vi
      .fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(new PasarelaError({ code: 'invalid_cvc', category: 'validation', status: 400 }))
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const fields = fakeFields({ kind: 'token', card: CARD }, { kind: 'token', card: { ...CARD, token: 'tok_second' } });
    const { store, fill, deps } = setup({ pay, fields });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'editing', alertField: 'cvc', cvcCleared: true, values: GOOD });
    expect(store.getState().alert).toEqual({ key: 'payment_error_try_again' });
    expect(fields.clear).toHaveBeenCalledWith('cvc');
    store.getState().cardChanged('cvc', 'VISA');
    await store.getState().submit();
    expect(pay.mock.calls.map((c) => c[1].token)).toEqual(['tok_4242', 'tok_second']);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP2' });
  });

  it('a failed request the server never got: asked about twice, then "nothing was charged", and still payable', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(new PasarelaError({ code: 'connection_error', category: 'network' }));
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(deps.lookup).toHaveBeenCalledTimes(2);
    expect(store.getState()).toMatchObject({ phase: 'editing', alert: { key: 'payment_not_received' } });
  });

  it('a server out of reach for every look: "could not confirm", and the next Pay asks first', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(new PasarelaError({ code: 'connection_error', category: 'network' }));
    const lookup = vi.fn<CardStoreDeps['lookup']>()
      .mockRejectedValueOnce(new PasarelaError({ code: 'connection_error', category: 'network' }))
      .mockRejectedValueOnce(new PasarelaError({ code: 'timeout', category: 'network' }))
      .mockRejectedValueOnce(new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 }))
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP-first' });
    const { store, fill, deps } = setup({ pay, lookup });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'editing', alert: { key: 'payment_outcome_unknown' } });
    await store.getState().submit();
    expect(pay).toHaveBeenCalledTimes(1);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP-first' });
  });

  it('the follow-up pauses grow between looks (the backoff)', async () => {
    const pauses: number[] = [];
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(new PasarelaError({ code: 'timeout', category: 'network' }));
    const lookup = vi.fn<CardStoreDeps['lookup']>().mockRejectedValue(new PasarelaError({ code: 'connection_error', category: 'network' }));
    const { store, fill } = setup({ pay, lookup, followUp: { sleep: async (ms) => void pauses.push(ms) } });
    fill();
    await store.getState().submit();
    expect(pauses).toEqual([1000, 2000, 4000, 8000]);
    expect(lookup).toHaveBeenCalledTimes(5);
  });

  it('reports phone rules that cannot load instead of paying, and still pays once they load', async () => {
    const checkPhone = vi
      .fn<CardStoreDeps['checkPhone']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(null);
    const { store, fill, deps } = setup({ checkPhone });
    fill(); // the number checked as typed: fails quietly
    store.getState().blur('phone'); // and as left: fails quietly
    await vi.waitFor(() => expect(checkPhone).toHaveBeenCalledTimes(2));
    expect(await store.getState().submit()).toBeNull();
    expect(store.getState().alert).toEqual({ key: 'connection_error' });
    expect(deps.pay).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(deps.pay).toHaveBeenCalledOnce();
  });

  it("keeps the phone's error steady while a number is typed, then keeps or drops it once checked: its live region is not emptied and filled on every keystroke", async () => {
    const { store } = setup();
    store.getState().setValue('phone', '60x');
    store.getState().blur('phone');
    await vi.waitFor(() => expect(visibleErrors(store.getState()).phone).toBe('invalid_phone_number'));
    // Each keystroke of a number still wrong: the message as it was, at every moment.
    const seen: (string | undefined)[] = [];
    const stop = store.subscribe((state) => seen.push(visibleErrors(state).phone));
    for (const typed of ['60x1', '60x12', '60x123']) store.getState().setValue('phone', typed);
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.every((shown) => shown === 'invalid_phone_number'), JSON.stringify(seen)).toBe(true);
    // Fixed: kept while the new number is checked, then gone, once.
    seen.length = 0;
    for (const typed of ['6', '61', '612', '6123 4567']) store.getState().setValue('phone', typed);
    await vi.waitFor(() => expect(visibleErrors(store.getState()).phone).toBeUndefined());
    stop();
    expect(seen.filter((shown, i) => shown !== seen[i - 1])).toEqual(['invalid_phone_number', undefined]);
  });

  it('hands a 3DS redirect to the shell', async () => {
    const { store, fill, deps } = setup({ pay: async () => ({ kind: 'redirect', url: 'https://bank.test/3ds', codOper: 'OP9' }) });
    fill();
    await store.getState().submit();
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'redirect', url: 'https://bank.test/3ds', codOper: 'OP9' });
  });
});

const lost = () => new PasarelaError({ code: 'connection_error', category: 'network' });
const proxy502 = () => new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 });

describe('card store: one attempt per payment intent', () => {
  it.each([
    ['a dropped answer', lost],
    ['a time-out', () => new PasarelaError({ code: 'timeout', category: 'network' })],
    ['a 502 from a proxy after the server answered', proxy502],
    ['a 504', () => new PasarelaError({ code: '504', category: 'api', status: 504 })],
  ])('%s: the checkout asks about the attempt by its trackId and shows the first payment\'s receipt, without a click and without paying again', async (_, fault) => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(fault());
    const lookup = vi.fn<CardStoreDeps['lookup']>().mockResolvedValueOnce(null).mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP-first' });
    const { store, fill, deps } = setup({ pay, lookup });
    fill();
    await store.getState().submit();
    expect(lookup).toHaveBeenCalledWith(GOOD, CARD, 'track-1');
    expect(pay).toHaveBeenCalledTimes(1);
    expect(store.getState().phase).toBe('done');
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP-first' });
  });

  it('503 card_payments_unavailable (the card vault refused: nothing sent, nothing recorded): said as it is, no look-up, and the next Pay is a new attempt', async () => {
    const text = 'Los pagos con tarjeta no están disponibles en este momento. No se hizo ningún cargo: intenta de nuevo en unos minutos';
    const pay = vi.fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(new PasarelaError({ code: 'card_payments_unavailable', category: 'api', status: 503, serverMessage: text }))
      .mockResolvedValue({ kind: 'receipt', codOper: 'OP1' });
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(deps.lookup).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ phase: 'editing', alert: { key: 'card_payments_unavailable', text } });
    fill();
    await store.getState().submit();
    expect(deps.lookup).not.toHaveBeenCalled();
    expect(pay).toHaveBeenCalledTimes(2);
    expect(pay.mock.calls[1]?.[2]).not.toBe(pay.mock.calls[0]?.[2]);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP1' });
  });

  it('not found (the request never arrived): paid again with the same trackId, even with details changed', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(lost()).mockResolvedValue({ kind: 'receipt', codOper: 'OP1' });
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState().alert).toEqual({ key: 'payment_not_received' });
    store.getState().setValue('email', 'otra@example.com');
    await store.getState().submit();
    expect(deps.lookup).toHaveBeenCalledTimes(3);
    expect(pay.mock.calls.map((c) => c[2])).toEqual(['track-1', 'track-1']);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP1' });
  });

  it('details changed and the first attempt landed meanwhile (409 track_id_reused): looked up again and shown', async () => {
    const pay = vi
      .fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(lost())
      .mockRejectedValueOnce(new PasarelaError({ code: 'track_id_reused', category: 'api', status: 409 }));
    const lookup = vi.fn<CardStoreDeps['lookup']>().mockResolvedValueOnce(null).mockResolvedValueOnce(null).mockResolvedValueOnce(null)
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP-first' });
    const { store, fill, deps } = setup({ pay, lookup });
    fill();
    await store.getState().submit();
    store.getState().cardChanged('cardnumber', 'MC');
    await store.getState().submit();
    expect(lookup).toHaveBeenCalledTimes(4);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP-first' });
  });

  it('the first attempt was declined: its reason shows, and the next Pay is a new attempt', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(proxy502()).mockResolvedValue({ kind: 'receipt', codOper: 'OP2' });
    const lookup = vi.fn<CardStoreDeps['lookup']>().mockResolvedValueOnce({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' } });
    const { store, fill } = setup({ pay, lookup });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'editing', alert: { key: 'payment_declined', text: 'Fondos insuficientes' } });
    store.getState().cardChanged('cvc', 'VISA');
    await store.getState().submit();
    expect(pay.mock.calls.map((c) => c[2])).toEqual(['track-1', 'track-2']);
  });

  it('a known refusal (409 possible duplicate) is a finished attempt: the next Pay is a new one', async () => {
    const pay = vi
      .fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 }))
      .mockResolvedValue({ kind: 'receipt', codOper: 'OP2' });
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState().alert).toEqual({ key: 'possible_duplicated_tx' });
    store.getState().cardChanged('cvc', 'VISA');
    await store.getState().submit();
    expect(deps.lookup).not.toHaveBeenCalled();
    expect(pay.mock.calls.map((c) => c[2])).toEqual(['track-1', 'track-2']);
  });

  it('issue 92: Pay refused because another browser paid the order meanwhile: no alert, the payment that paid, and nothing to press again', async () => {
    const paidElsewhere = new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, serverMessage: 'This single-use link was paid by another payment', fields: { paidBy: 'PPCARD9', paidWith: 'card' } });
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(paidElsewhere);
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'done', alert: null, paidElsewhere: { paidBy: { codOper: 'PPCARD9', method: 'card' } } });
    // Not a decline: the CVC is not asked for again.
    expect(deps.fields.clear).not.toHaveBeenCalled();
    expect(deps.onDone).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('issue 92: the same refusal without the payment named still ends the form (the notice without a receipt)', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409 }));
    const { store, fill } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'done', alert: null, paidElsewhere: { paidBy: null } });
  });

  it('SPEC 8 3000: a payment refused for good (the link expired) ends the form on its page: no decline, the CVC kept, nothing to press again', async () => {
    const ended: CardAttempt = { kind: 'ended', to: '/pf/responseMessage?code=3000&link=LINK1&type=lk' };
    const pay = vi.fn<CardStoreDeps['pay']>().mockResolvedValue(ended);
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(deps.onDone).toHaveBeenCalledWith(ended);
    expect(store.getState()).toMatchObject({ phase: 'done', alert: null, cvcCleared: false });
    expect(deps.fields.clear).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('property: any lost answers, 5xx and time-outs, then Pay again: one trackId reaches the server, and the payer ends on its receipt', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...FAULTS), { maxLength: 14 }), fc.array(fc.boolean(), { maxLength: 6 }), async (faults, edits) => {
        const server = faultyServer(faults, 'APPROVED');
        const asAttempt = (codOper: string): CardAttempt => ({ kind: 'receipt', codOper });
        const { store, fill, deps } = setup({
          pay: async (values, _card, trackId) => asAttempt((await server.send(trackId, values)).codOper),
          lookup: async (_values, _card, trackId) => {
            const found = await server.lookup(trackId);
            return found ? asAttempt(found.codOper) : null;
          },
        });
        fill();
        for (let i = 0; i <= faults.length + edits.length && store.getState().phase !== 'done'; i++) {
          // Between tries the payer may change a detail (a different payload for the same trackId).
          if (edits[i]) store.getState().setValue('email', `ana${i}@example.com`);
          await store.getState().submit();
        }
        expect(server.recorded()).toHaveLength(1);
        expect(new Set(server.arrived).size).toBe(1);
        expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP1' });
      }),
      { numRuns: 200 },
    );
  });
});

describe('card store: SPEC 8 possible_duplicated_tx asks instead of blocking', () => {
  const duplicate = () => new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409, serverMessage: 'possible_duplicated_tx' });

  it('keeps every value (the CVC too), asks, and sends the same token again with tryAgain on the payer\'s word', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(duplicate())
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const fields = fakeFields({ kind: 'token', card: CARD }, { kind: 'token', card: { ...CARD, token: 'tok_other' } });
    const { store, deps, fill } = setup({ pay, fields });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'editing', duplicate: true, duplicateState: 'charged', alert: { key: 'possible_duplicated_tx' }, values: GOOD });
    expect(deps.onDone).not.toHaveBeenCalled();
    await store.getState().confirmSecondPurchase();
    expect(pay.mock.calls.map(([, , , options]) => options)).toEqual([{ tryAgain: false }, { tryAgain: true }]);
    // A refused request created nothing: the second purchase is a new attempt, with the card the vault still holds.
    expect(pay.mock.calls[0]?.[2]).not.toBe(pay.mock.calls[1]?.[2]);
    expect(pay.mock.calls.map((c) => c[1].token)).toEqual(['tok_4242', 'tok_4242']);
    expect(fields.tokenize).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ phase: 'done', duplicate: false });
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP2' });
  });

  it('a yes given long after the question: the card tokenized again (the vault keeps a CVC for a while only)', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(duplicate()).mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const fields = fakeFields({ kind: 'token', card: CARD }, { kind: 'token', card: { ...CARD, token: 'tok_later' } });
    let now = Date.parse('2026-11-21T12:00:00Z');
    const { store, fill } = setup({ pay, fields, now: () => new Date(now) });
    fill();
    await store.getState().submit();
    now += 6 * 60_000;
    await store.getState().confirmSecondPurchase();
    expect(pay.mock.calls.map((c) => c[1].token)).toEqual(['tok_4242', 'tok_later']);
  });

  it("'No, go back to that payment': nothing is sent, the question goes and a note says the earlier payment stands", async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(duplicate());
    const { store, deps, fill } = setup({ pay });
    fill();
    await store.getState().submit();
    store.getState().declineSecondPurchase();
    expect(store.getState()).toMatchObject({ phase: 'editing', duplicate: false, alert: null, secondDeclined: true, values: GOOD });
    await store.getState().confirmSecondPurchase();
    expect(pay).toHaveBeenCalledTimes(1);
    expect(deps.onDone).not.toHaveBeenCalled();
  });

  it("'No, go back to that payment' with the earlier payment named: the payer is taken to it, nothing is sent", async () => {
    const named = (fields: Record<string, unknown>) => new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409, serverMessage: 'x', fields });
    for (const [fields, earlier] of [
      [{ state: 'waiting', codOper: 'OP7', method: 'card' }, { codOper: 'OP7', method: 'card', state: 'waiting', challengeUrl: null }],
      // A 3DS challenge still open names its issuer's page: the way forward in any browser.
      [{ state: 'waiting', codOper: 'OP6', method: 'card', challengeUrl: 'https://issuer.example/3ds/OP6' }, { codOper: 'OP6', method: 'card', state: 'waiting', challengeUrl: 'https://issuer.example/3ds/OP6' }],
      // Not a web page: left out, the payment still named.
      [{ state: 'waiting', codOper: 'OP5', method: 'card', challengeUrl: 'javascript:alert(1)' }, { codOper: 'OP5', method: 'card', state: 'waiting', challengeUrl: null }],
      [{ state: 'charged', codOper: 'OP8', method: 'balance' }, { codOper: 'OP8', method: 'balance', state: 'charged', challengeUrl: null }],
      // Not what the schema allows: no way back named, the note instead.
      [{ state: 'charged', codOper: '', method: 'card' }, null],
      [{ state: 'charged', codOper: 'OP9', method: 'wire' }, null],
    ] as const) {
      const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(named(fields));
      const onEarlier = vi.fn();
      const { store, deps, fill } = setup({ pay, onEarlier });
      fill();
      await store.getState().submit();
      expect(store.getState().duplicateEarlier).toEqual(earlier);
      store.getState().declineSecondPurchase();
      expect(onEarlier.mock.calls).toEqual(earlier ? [[earlier]] : []);
      expect(store.getState()).toMatchObject({ duplicate: false, alert: null, secondDeclined: earlier === null });
      expect(pay).toHaveBeenCalledTimes(1);
      expect(deps.onDone).not.toHaveBeenCalled();
    }
  });

  it('confirming without a duplicate question sends nothing; another card number drops the question', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValue(duplicate());
    const { store, fill } = setup({ pay });
    fill();
    await store.getState().confirmSecondPurchase();
    expect(pay).not.toHaveBeenCalled();
    await store.getState().submit();
    expect(store.getState().duplicate).toBe(true);
    store.getState().cardChanged('cardnumber', 'MC');
    expect(store.getState()).toMatchObject({ duplicate: false, alert: null });
    await store.getState().confirmSecondPurchase();
    expect(pay).toHaveBeenCalledTimes(1);
  });
});

describe('card store: the duplicate question is worded by the earlier payment\'s state', () => {
  it('a 409 whose state field is "waiting" asks about a payment still waiting', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409, serverMessage: 'Posible transacción duplicada', fields: { state: 'waiting' } }));
    const { store, fill } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ duplicate: true, duplicateState: 'waiting' });
  });
});


describe('card store: the card asked for before Pay, once the fields are complete and the name given', () => {
  const EARLY = { focus: false, quiet: true };
  it('asks quietly once the card is complete and the name left; Pay sends the payment with that token, asking no more', async () => {
    const { store, deps, fill } = setup();
    store.getState().cardChanged('cvc', 'VISA', true);
    // No name yet: nothing asked (the token would carry none).
    expect(deps.fields.tokenize).not.toHaveBeenCalled();
    fill();
    store.getState().blur('name');
    expect(deps.fields.tokenize).toHaveBeenCalledWith('Ana Maria Perez', EARLY);
    store.getState().blur('name');
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(1);
    await store.getState().submit();
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(1);
    expect(deps.pay).toHaveBeenCalledWith(GOOD, CARD, 'track-1', { tryAgain: false });
  });

  it('a card not complete, or changed since, or a name changed since: Pay asks the vault itself', async () => {
    const { store, deps, fill } = setup();
    fill();
    store.getState().cardChanged('cvc', 'VISA', false);
    store.getState().blur('name');
    expect(deps.fields.tokenize).not.toHaveBeenCalled();
    store.getState().cardChanged('cvc', 'VISA', true);
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(1);
    store.getState().setValue('name', 'Ana Maria Perez Diaz');
    await store.getState().submit();
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(2);
    expect(deps.fields.tokenize).toHaveBeenLastCalledWith('Ana Maria Perez Diaz', { focus: false });
  });

  it('an early answer that is no token is never used: Pay asks again, out loud', async () => {
    const fields = fakeFields({ kind: 'failed' }, { kind: 'token', card: CARD });
    const { store, deps, fill } = setup({ fields });
    fill();
    store.getState().cardChanged('cvc', 'VISA', true);
    await store.getState().submit();
    expect(fields.tokenize.mock.calls).toEqual([['Ana Maria Perez', EARLY], ['Ana Maria Perez', { focus: false }]]);
    expect(deps.pay).toHaveBeenCalledWith(GOOD, CARD, 'track-1', { tryAgain: false });
  });

  it('the early token is kept for the duplicate question\'s "yes", dated from when it was asked', async () => {
    const duplicate = () => new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 });
    for (const [minutesToPay, tokens] of [[1, ['tok_4242', 'tok_4242']], [4, ['tok_4242', 'tok_later']]] as const) {
      const pay = vi.fn<CardStoreDeps['pay']>().mockRejectedValueOnce(duplicate()).mockResolvedValue({ kind: 'receipt', codOper: 'OP2' });
      const fields = fakeFields({ kind: 'token', card: CARD }, { kind: 'token', card: { ...CARD, token: 'tok_later' } });
      let now = Date.parse('2026-11-21T12:00:00Z');
      const { store, fill } = setup({ pay, fields, now: () => new Date(now) });
      fill();
      store.getState().cardChanged('cvc', 'VISA', true);
      now += minutesToPay * 60_000;
      await store.getState().submit();
      // Two minutes later: within 5 of the Pay, and past 5 of the asking when Pay came 4 minutes after it.
      now += 2 * 60_000;
      await store.getState().confirmSecondPurchase();
      expect(pay.mock.calls.map((c) => c[1].token)).toEqual(tokens);
    }
  });

  it('after a decline the CVC is typed again: the old early token is not reused', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>().mockResolvedValueOnce({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' } }).mockResolvedValue({ kind: 'receipt', codOper: 'OP2' });
    const { store, deps, fill } = setup({ pay });
    fill();
    store.getState().cardChanged('cvc', 'VISA', true);
    await store.getState().submit();
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(1);
    await store.getState().submit();
    expect(deps.fields.tokenize).toHaveBeenCalledTimes(2);
    expect(deps.fields.tokenize).toHaveBeenLastCalledWith('Ana Maria Perez', { focus: false });
  });
});
