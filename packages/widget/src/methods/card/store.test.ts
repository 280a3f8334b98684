import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { PasarelaError } from '@pasarela/core';
import { FAULTS, faultyServer } from '../../testing/faultyServer';
import { createCardStore, visibleErrors, type CardAttempt, type CardStoreDeps, type CardValues } from './store';

const GOOD: CardValues = {
  cardnumber: '4242424242424242',
  expirationDate: '12/34',
  cvc: '123',
  name: 'Ana Maria Perez',
  email: 'ana@example.com',
  phone: '6123 4567',
};

function setup(overrides: Partial<CardStoreDeps> = {}) {
  let n = 0;
  const deps: CardStoreDeps = {
    now: () => new Date('2026-11-21T12:00:00Z'),
    acceptedBrands: ['VISA', 'MC', 'AMEX'],
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
    store.getState().setValue('cardnumber', '4242 4242 4242 4241');
    expect(visibleErrors(store.getState())).toEqual({});
    store.getState().blur('cardnumber');
    // invalid_card: "card number fails the Luhn check"
    expect(visibleErrors(store.getState())).toEqual({ cardnumber: 'invalid_card' });
  });

  it('leaving an empty field never typed into shows nothing; a submit attempt shows "required" (issue 96)', async () => {
    const { store } = setup();
    for (const field of ['cardnumber', 'expirationDate', 'cvc', 'name', 'phone'] as const) store.getState().blur(field);
    expect(visibleErrors(store.getState())).toEqual({});
    await store.getState().submit();
    expect(visibleErrors(store.getState()).cardnumber).toBe('field_required');
  });

  it('a field typed into and emptied again says "required" when left (issue 96)', () => {
    const { store } = setup();
    store.getState().setValue('name', 'A');
    store.getState().setValue('name', '');
    store.getState().blur('name');
    expect(visibleErrors(store.getState()).name).toBe('field_required');
  });

  it.each([
    ['expirationDate', '01/20', 'expired'],
    ['cvc', '12', 'invalid_cvc'],
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

  it('keeps only digits of the card number and caps the CVC by brand', () => {
    const { store } = setup();
    store.getState().setValue('cardnumber', '3782 822463 10005');
    store.getState().setValue('cvc', '12345');
    expect(store.getState().values).toMatchObject({ cardnumber: '378282246310005', cvc: '1234' });
    store.getState().setValue('cardnumber', '4242424242424242');
    expect(store.getState().values.cvc).toBe('123');
  });

  it('rejects a brand the link does not accept (card_not_valid)', () => {
    const { store, fill } = setup({ acceptedBrands: ['VISA'] });
    fill({ ...GOOD, cardnumber: '5555555555554444' });
    store.getState().blur('cardnumber');
    expect(visibleErrors(store.getState()).cardnumber).toBe('card_not_valid');
  });

  it('on submit shows every message, checks the phone and returns the first invalid field', async () => {
    const { store, fill, deps } = setup();
    fill({ ...GOOD, cvc: '', phone: '12x' });
    expect(await store.getState().submit()).toBe('cvc');
    expect(visibleErrors(store.getState())).toEqual({ cvc: 'field_required', phone: 'invalid_phone_number' });
    expect(deps.pay).not.toHaveBeenCalled();
  });
});

describe('card store: one payment per click', () => {
  it('pays once with a new trackId per click, and is disabled while paying', async () => {
    let release: (attempt: CardAttempt) => void = () => {};
    const pay = vi.fn((_values: CardValues, _trackId: string) => new Promise<CardAttempt>((resolve) => (release = resolve)));
    const { store, fill, deps } = setup({ pay });
    fill();
    const first = store.getState().submit();
    const second = store.getState().submit(); // double click
    await vi.waitFor(() => expect(store.getState().phase).toBe('paying'));
    expect(await second).toBeNull();
    release({ kind: 'receipt', codOper: 'OP1' });
    await first;
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]?.[1]).toBe('track-1');
    expect(store.getState().phase).toBe('done');
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP1' });
    // A finished payment cannot be paid again.
    await store.getState().submit();
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('after a decline keeps the values except the CVC, shows the reason and lets the payer retry with a new trackId', async () => {
    const pay = vi
      .fn<CardStoreDeps['pay']>()
      .mockResolvedValueOnce({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' } })
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const { store, fill, deps } = setup({ pay });
    fill();
    await store.getState().submit();
    const state = store.getState();
    expect(state.phase).toBe('editing');
    expect(state.alert).toEqual({ key: 'payment_declined', text: 'Fondos insuficientes' });
    expect(state.values).toEqual({ ...GOOD, cvc: '' });
    expect(visibleErrors(state)).toEqual({});
    store.getState().setValue('cvc', '321');
    await store.getState().submit();
    expect(pay.mock.calls.map((c) => c[1])).toEqual(['track-1', 'track-2']);
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP2' });
    expect(store.getState().alert).toBeNull();
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
    expect(lookup).toHaveBeenCalledWith(GOOD, 'track-1');
    expect(pay).toHaveBeenCalledTimes(1);
    expect(store.getState().phase).toBe('done');
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP-first' });
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
    expect(pay.mock.calls.map((c) => c[1])).toEqual(['track-1', 'track-1']);
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
    store.getState().setValue('cardnumber', '5555555555554444');
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
    store.getState().setValue('cvc', '321');
    await store.getState().submit();
    expect(pay.mock.calls.map((c) => c[1])).toEqual(['track-1', 'track-2']);
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
    store.getState().setValue('cvc', '321');
    await store.getState().submit();
    expect(deps.lookup).not.toHaveBeenCalled();
    expect(pay.mock.calls.map((c) => c[1])).toEqual(['track-1', 'track-2']);
  });

  it('property: any lost answers, 5xx and time-outs, then Pay again: one trackId reaches the server, and the payer ends on its receipt', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...FAULTS), { maxLength: 14 }), fc.array(fc.boolean(), { maxLength: 6 }), async (faults, edits) => {
        const server = faultyServer(faults, 'APPROVED');
        const asAttempt = (codOper: string): CardAttempt => ({ kind: 'receipt', codOper });
        const { store, fill, deps } = setup({
          pay: async (values, trackId) => asAttempt((await server.send(trackId, values)).codOper),
          lookup: async (_values, trackId) => {
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

  it('keeps every value (the CVC too), asks, and sends again with tryAgain on the payer\'s word', async () => {
    const pay = vi.fn<CardStoreDeps['pay']>()
      .mockRejectedValueOnce(duplicate())
      .mockResolvedValueOnce({ kind: 'receipt', codOper: 'OP2' });
    const { store, deps, fill } = setup({ pay });
    fill();
    await store.getState().submit();
    expect(store.getState()).toMatchObject({ phase: 'editing', duplicate: true, duplicateState: 'charged', alert: { key: 'possible_duplicated_tx' }, values: GOOD });
    expect(deps.onDone).not.toHaveBeenCalled();
    await store.getState().confirmSecondPurchase();
    expect(pay.mock.calls.map(([, , options]) => options)).toEqual([{ tryAgain: false }, { tryAgain: true }]);
    // A refused request created nothing: the second purchase is a new attempt.
    expect(pay.mock.calls[0]?.[1]).not.toBe(pay.mock.calls[1]?.[1]);
    expect(store.getState()).toMatchObject({ phase: 'done', duplicate: false });
    expect(deps.onDone).toHaveBeenCalledWith({ kind: 'receipt', codOper: 'OP2' });
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
    store.getState().setValue('cardnumber', '5555555555554444');
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

