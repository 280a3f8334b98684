import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError, type Language } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { blur, render, settle, type } from '../../testing/render';
import { CardForm } from './CardForm';
import { checkPhone, preparePhoneRules } from '../../payments/phoneCheck';
import { createCardStore, type CardAttempt, type CardStoreDeps } from './store';

async function setup(lang: Language = 'es', overrides: Partial<CardStoreDeps> = {}) {
  await startI18n(lang, catalogs[lang]);
  const store = createCardStore({
    now: () => new Date('2026-11-21T12:00:00Z'),
    acceptedBrands: ['VISA', 'MC', 'AMEX'],
    checkPhone,
    pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })),
    lookup: vi.fn(async (): Promise<CardAttempt | null> => null),
    onDone: vi.fn(),
    newTrackId: () => 'track',
    ...overrides,
  });
  const view = await render(
    <CardForm store={store} total={10.7} lang={lang} acceptedBrands={['VISA', 'MC', 'AMEX']} preparePhone={() => {}} />,
  );
  const submit = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
  const fillGood = async () => {
    await type(view.input('cardnumber'), '4242 4242 4242 4242');
    await type(view.input('expirationDate'), '12/34');
    await type(view.input('cvc'), '123');
    await type(view.input('name'), 'Ana Perez');
    await type(view.input('email'), 'ana@example.com');
    await type(view.input('phone'), '6123 4567');
  };
  return { ...view, store, submit, fillGood };
}

describe('CardForm', () => {
  // The lazy chunk takes a while to transform in tests; load it once up front.
  beforeAll(() => preparePhoneRules(), 30_000);
  let unmount: (() => unknown) | undefined;
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(async () => {
    await unmount?.();
  });

  it('names every input as SPEC 3 does, with a visible label and the standard autocomplete', async () => {
    const view = await setup();
    unmount = view.unmount;
    const expected = {
      cardnumber: 'cc-number', expirationDate: 'cc-exp', cvc: 'cc-csc', name: 'cc-name', email: 'email', phone: 'tel',
    };
    for (const [name, autocomplete] of Object.entries(expected)) {
      const input = view.input(name);
      expect(input.getAttribute('autocomplete')).toBe(autocomplete);
      const label = view.container.querySelector(`label[for="${input.id}"]`);
      expect(label?.textContent?.trim()).not.toBe('');
    }
    expect(view.input('cardnumber').getAttribute('inputmode')).toBe('numeric');
    expect(view.submit()?.textContent).toBe('Pagar $10.70');
  });

  it('says Pay in English', async () => {
    const view = await setup('en');
    unmount = view.unmount;
    expect(view.submit()?.textContent).toBe('Pay $10.70');
  });

  it('shows the SPEC 5 message under a field after it is left, tied by aria-describedby', async () => {
    const view = await setup();
    unmount = view.unmount;
    const card = view.input('cardnumber');
    await type(card, '4242 4242 4242 4241');
    expect(view.container.querySelector('#field-cardnumber-error')?.textContent).toBe('');
    await blur(card);
    const error = view.container.querySelector('#field-cardnumber-error');
    expect(error?.textContent).toBe(catalogs.es.invalid_card);
    expect(error?.getAttribute('aria-live')).toBe('polite');
    expect(card.getAttribute('aria-invalid')).toBe('true');
    expect(card.getAttribute('aria-describedby')).toContain('field-cardnumber-error');
  });

  it('formats the number in groups and shows the brand, with the CVC length it needs', async () => {
    const view = await setup();
    unmount = view.unmount;
    await type(view.input('cardnumber'), '378282246310005');
    expect(view.input('cardnumber').value).toBe('3782 822463 10005');
    expect(view.container.textContent).toContain('Tarjeta American Express');
    expect(view.input('cvc').maxLength).toBe(4);
    await type(view.input('cardnumber'), '4242');
    expect(view.container.textContent).toContain('Tarjeta Visa');
    expect(view.input('cvc').maxLength).toBe(3);
  });

  it('on submit shows every message and moves focus to the first invalid field', async () => {
    const view = await setup();
    unmount = view.unmount;
    await type(view.input('cardnumber'), '4242 4242 4242 4242');
    await act(() => view.submit()?.click());
    await settle();
    expect(document.activeElement).toBe(view.input('expirationDate'));
    expect(view.container.querySelector('#field-cvc-error')?.textContent).toBe(catalogs.es.field_required);
    expect(view.container.querySelector('#field-phone-error')?.textContent).toBe(catalogs.es.field_required);
  });

  it('checks the phone with core\'s rules (loaded lazily)', async () => {
    const view = await setup();
    unmount = view.unmount;
    await view.fillGood();
    await type(view.input('phone'), '12');
    await blur(view.input('phone'));
    await settle();
    expect(view.container.querySelector('#field-phone-error')?.textContent).toBe(catalogs.es.invalid_phone_number);
  });

  it('leaving an empty field the payer never typed into says nothing; Pay then says "required" (issue 96)', async () => {
    const view = await setup();
    unmount = view.unmount;
    for (const name of ['cardnumber', 'expirationDate', 'cvc', 'name', 'email', 'phone']) {
      view.input(name).focus();
      await blur(view.input(name));
    }
    await settle();
    expect(view.container.querySelectorAll('.field--invalid')).toHaveLength(0);
    expect(view.container.querySelector('#field-cardnumber-error')?.textContent).toBe('');
    expect(view.input('cardnumber').getAttribute('aria-invalid')).toBe('false');
    await act(() => view.submit()?.click());
    await settle();
    expect(view.container.querySelector('#field-cardnumber-error')?.textContent).toBe(catalogs.es.field_required);
    expect(document.activeElement).toBe(view.input('cardnumber'));
  });

  it('leaving a half-typed card number for another method\'s radio checks nothing (issue 96)', async () => {
    const view = await setup();
    unmount = view.unmount;
    const elsewhere = document.createElement('input');
    elsewhere.type = 'radio';
    document.body.appendChild(elsewhere);
    await type(view.input('cardnumber'), '4242');
    await act(() => {
      view.input('cardnumber').dispatchEvent(new FocusEvent('blur', { relatedTarget: elsewhere }));
      view.input('cardnumber').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: elsewhere }));
    });
    expect(view.container.querySelector('#field-cardnumber-error')?.textContent).toBe('');
    await act(() => {
      view.input('cardnumber').dispatchEvent(new FocusEvent('blur', { relatedTarget: view.input('expirationDate') }));
      view.input('cardnumber').dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: view.input('expirationDate') }));
    });
    expect(view.container.querySelector('#field-cardnumber-error')?.textContent).toBe(catalogs.es.invalid_card);
  });

  it('keeps the busy Pay focusable and inert, and says "Procesando el pago..." in a status while paying (issue 96)', async () => {
    let finish: (attempt: CardAttempt) => void = () => {};
    const pay = vi.fn(() => new Promise<CardAttempt>((resolve) => (finish = resolve)));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    const status = view.container.querySelector('[role="status"]');
    expect(status?.textContent).toBe('');
    view.submit()?.focus();
    await act(() => view.submit()?.click());
    await settle();
    expect(view.submit()?.disabled).toBe(false);
    expect(view.submit()?.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(view.submit());
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(catalogs.es.processing_payment);
    await act(() => view.submit()?.click());
    await act(() => view.input('name').form?.requestSubmit());
    expect(pay).toHaveBeenCalledTimes(1);
    await act(() => finish({ kind: 'receipt', codOper: 'OP1' }));
  });

  it('the duplicate question takes the focus on its first answer; answered, the focus is back on Pay (issue 96)', async () => {
    const pay = vi.fn().mockRejectedValueOnce(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 }));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    view.submit()?.focus();
    await act(() => view.submit()?.click());
    await settle();
    const yes = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.duplicate_confirm_button);
    expect(yes).toBeDefined();
    expect(document.activeElement).toBe(yes);
    // Pay waits for an answer: pressed meanwhile, nothing is sent again (issue 92).
    expect(view.submit()?.getAttribute('aria-disabled')).toBe('true');
    await act(() => view.submit()?.click());
    await settle();
    expect(pay).toHaveBeenCalledTimes(1);
    const no = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.duplicate_decline_button);
    no?.focus();
    await act(() => no?.click());
    await settle();
    expect(document.activeElement).toBe(view.submit());
    expect(view.submit()?.getAttribute('aria-disabled')).toBeNull();
  });

  it('marks the button busy while paying, and shows a decline above the form, keeping values but the CVC', async () => {
    let finish: (attempt: CardAttempt) => void = () => {};
    const pay = vi.fn(() => new Promise<CardAttempt>((resolve) => (finish = resolve)));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    await act(() => view.submit()?.click());
    await settle();
    expect(pay).toHaveBeenCalledTimes(1);
    expect(view.submit()?.getAttribute('aria-disabled')).toBe('true');
    expect(view.submit()?.textContent).toBe(catalogs.es.processing_payment);
    await act(() => view.submit()?.click());
    expect(pay).toHaveBeenCalledTimes(1);

    await act(() => finish({ kind: 'declined', message: { key: 'payment_declined', text: '<b>Fondos</b> insuficientes' } }));
    await settle();
    const alert = view.container.querySelector('[role="alert"]');
    // Server text is text: the markup shows as typed, nothing is parsed.
    expect(alert?.textContent).toContain('<b>Fondos</b> insuficientes');
    expect(alert?.querySelector('b')).toBeNull();
    expect(view.submit()?.hasAttribute('aria-disabled')).toBe(false);
    expect(view.input('cardnumber').value).toBe('4242 4242 4242 4242');
    expect(view.input('cvc').value).toBe('');
    expect(document.activeElement).toBe(view.input('cvc'));
  });

  it.each([
    ['INCORRECT_CVC -> the CVC', 'cvc' as const, 'Código de seguridad (CVC) incorrecto'],
    ['INSUFFICIENT_FUNDS -> the card number', 'cardnumber' as const, 'Fondos insuficientes'],
  ])('a decline pointing to a field (%s): the reason right above it, described by it, focused, values kept but the CVC', async (_rule, field, text) => {
    const pay = vi.fn(async (): Promise<CardAttempt> => ({ kind: 'declined', message: { key: 'payment_declined', text }, field }));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    await act(() => view.submit()?.click());
    await settle();
    const notes = view.container.querySelectorAll('[role="alert"]');
    expect(notes).toHaveLength(1);
    const note = view.container.querySelector('#card-decline');
    expect(note?.textContent).toContain(catalogs.es.declined_title);
    expect(note?.textContent).toContain(text);
    const input = view.input(field);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('card-decline');
    expect(document.activeElement).toBe(input);
    // The note sits in the same group as the field, before it.
    expect(note?.parentElement?.contains(input)).toBe(true);
    expect(note && note.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(view.input('cardnumber').value).toBe('4242 4242 4242 4242');
    expect(view.input('name').value).toBe('Ana Perez');
    expect(view.input('cvc').value).toBe('');
  });
});

describe('CardForm: a subscription says what recurs and how it stops, right under Pay', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  it('the terms follow the button, which they describe', async () => {
    await startI18n('es', catalogs.es);
    const store = createCardStore({
      now: () => new Date('2026-11-21T12:00:00Z'), acceptedBrands: ['VISA'], checkPhone,
      pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })), lookup: vi.fn(async () => null), onDone: vi.fn(), newTrackId: () => 'track',
    });
    const terms = 'Al pagar, se cobrarán $19.99 cada mes a esta tarjeta hasta que canceles la suscripción; para cancelarla, pídeselo a Tostadores del Casco.';
    const view = await render(<CardForm store={store} total={19.99} lang="es" acceptedBrands={['VISA']} preparePhone={() => {}} payTerms={terms} />);
    const pay = view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(pay?.nextElementSibling?.textContent).toBe(terms);
    expect(pay?.getAttribute('aria-describedby')).toBe('pay-terms');
    await view.unmount();
  });
});
