import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, PasarelaError, type Language } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { blur, render, settle, type } from '../../testing/render';
import { CardForm } from './CardForm';
import { checkPhone, preparePhoneRules } from '../../payments/phoneCheck';
import { createCardStore, type CardAttempt, type CardStoreDeps } from './store';
import type { FrameEvent, Tokenized } from '../../payments/vaultFrame';
import { TEST_CARD, testFrame } from '../../testing/testFrame';

const ADDRESS = { vaultUrl: 'https://vault.test', parentOrigin: 'https://checkout.test', lang: 'es', brands: ['VISA', 'MC', 'AMEX'] } as const;

async function setup(lang: Language = 'es', overrides: Partial<CardStoreDeps> = {}, answers: Tokenized[] = [], phoneCountry?: 'CO' | 'PA') {
  await startI18n(lang, catalogs[lang]);
  const { frame, emit } = testFrame(...answers);
  const store = createCardStore({
    now: () => new Date('2026-11-21T12:00:00Z'),
    fields: frame,
    checkPhone,
    pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })),
    lookup: vi.fn(async (): Promise<CardAttempt | null> => null),
    onDone: vi.fn(),
    newTrackId: () => 'track',
    ...overrides,
  });
  const view = await render(
    <CardForm store={store} frame={frame} fieldsAddress={{ ...ADDRESS, lang }} total={10.7} lang={lang} acceptedBrands={['VISA', 'MC', 'AMEX']} preparePhone={() => {}} {...(phoneCountry ? { phoneCountry } : {})} />,
  );
  const submit = () => view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
  const fillGood = async () => {
    await type(view.input('name'), 'Ana Perez');
    await type(view.input('email'), 'ana@example.com');
    await type(view.input('phone'), '6123 4567');
  };
  const vault = () => view.container.querySelector<HTMLIFrameElement>('iframe.vault-fields');
  return { ...view, store, frame, emit: (event: FrameEvent) => act(() => emit(event)), submit, fillGood, vault };
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

  it('frames the card vault\'s fields (number, expiry, CVC) with the form: its page on its origin, in the payer\'s language, for this checkout\'s origin and brands', async () => {
    const view = await setup();
    unmount = view.unmount;
    const vault = view.vault();
    const src = new URL(vault?.getAttribute('src') ?? '');
    expect(src.origin).toBe('https://vault.test');
    expect(src.pathname).toBe('/fields');
    expect(src.searchParams.get('lang')).toBe('es');
    expect(src.searchParams.get('parent')).toBe('https://checkout.test');
    expect(src.searchParams.get('brands')).toBe('VISA,MC,AMEX');
    expect(vault?.getAttribute('title')).toBe(catalogs.es.card_fields_frame);
    expect(view.frame.attach).toHaveBeenCalledWith(vault);
    // The card's fields are not the checkout's: none of its inputs takes a card.
    for (const name of ['cardnumber', 'expirationDate', 'cvc']) expect(view.container.querySelector(`[name="${name}"]`)).toBeNull();
    // Between the form's fields: the vault's frame comes before the holder's name in Tab order.
    expect(vault && vault.compareDocumentPosition(view.input('name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names the form\'s own inputs as SPEC 3 does, with a visible label and the standard autocomplete', async () => {
    const view = await setup();
    unmount = view.unmount;
    for (const [name, autocomplete] of Object.entries({ name: 'cc-name', email: 'email', phone: 'tel' })) {
      const input = view.input(name);
      expect(input.getAttribute('autocomplete')).toBe(autocomplete);
      expect(view.container.querySelector(`label[for="${input.id}"]`)?.textContent?.trim()).not.toBe('');
    }
    expect(view.submit()?.textContent).toBe('Pagar $10.70');
  });

  // Issue 93: a Colombian merchant's payers are told a number without its code is Colombia's.
  it.each([
    [undefined, 'Con código de país si no es de Panamá'],
    ['CO', 'Con código de país si no es de Colombia'],
  ] as const)('the phone\'s hint names the merchant\'s country (%s)', async (country, hint) => {
    const view = await setup('es', {}, [], country);
    unmount = view.unmount;
    const phone = view.input('phone');
    expect(document.getElementById(phone.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe(hint);
  });

  it('says Pay in English, and frames the fields in English', async () => {
    const view = await setup('en');
    unmount = view.unmount;
    expect(view.submit()?.textContent).toBe('Pay $10.70');
    expect(new URL(view.vault()?.src ?? '').searchParams.get('lang')).toBe('en');
    expect(view.vault()?.getAttribute('title')).toBe(catalogs.en.card_fields_frame);
  });

  it('shows the SPEC 5 message under a field after it is left, tied by aria-describedby', async () => {
    const view = await setup();
    unmount = view.unmount;
    const name = view.input('name');
    await type(name, 'Ana');
    expect(view.container.querySelector('#field-name-error')?.textContent).toBe('');
    await blur(name);
    const error = view.container.querySelector('#field-name-error');
    expect(error?.textContent).toBe(catalogs.es.format_name_invalid);
    expect(error?.getAttribute('aria-live')).toBe('polite');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('field-name-error');
  });

  it('lights the brand the vault\'s fields recognise among the accepted ones', async () => {
    const view = await setup();
    unmount = view.unmount;
    await view.emit({ type: 'change', field: 'cardnumber', brand: 'AMEX', complete: false });
    expect(view.container.querySelector('.brands--known')).not.toBeNull();
    expect(view.container.querySelectorAll('.brand--active')).toHaveLength(1);
  });

  it('the card complete and the name left: the card is asked for quietly before Pay, once', async () => {
    const view = await setup();
    unmount = view.unmount;
    await view.emit({ type: 'change', field: 'cvc', brand: 'VISA', complete: true });
    expect(view.frame.tokenize).not.toHaveBeenCalled();
    await type(view.input('name'), 'Ana Perez');
    await blur(view.input('name'));
    expect(view.frame.tokenize).toHaveBeenCalledWith('Ana Perez', { focus: false, quiet: true });
    expect(view.frame.tokenize).toHaveBeenCalledTimes(1);
  });

  it('on submit the vault\'s fields are checked with the form\'s, and the focus goes to the first to fix, in the frame', async () => {
    const view = await setup('es', {}, [{ kind: 'invalid', fields: ['expirationDate', 'cvc'] }]);
    unmount = view.unmount;
    await act(() => view.submit()?.click());
    await settle();
    expect(view.frame.tokenize).toHaveBeenCalledWith('', { focus: false, validate: true });
    expect(view.frame.focus).toHaveBeenCalledWith('expirationDate');
    expect(view.container.querySelector('#field-phone-error')?.textContent).toBe(catalogs.es.field_required);
    // Shown, not read out one per field: the focused field reads its own error.
    expect([...view.container.querySelectorAll('.field__error')].map((box) => box.getAttribute('aria-live'))).toEqual(['off', 'off', 'off']);
  });

  it('the card right and a field of the form wrong: the focus on that field, and no card sent', async () => {
    const view = await setup('es', {}, [{ kind: 'invalid', fields: [] }]);
    unmount = view.unmount;
    await type(view.input('name'), 'Ana Perez');
    await act(() => view.submit()?.click());
    await settle();
    expect(document.activeElement).toBe(view.input('email'));
    expect(view.frame.focus).not.toHaveBeenCalled();
  });

  it('Enter in the vault\'s fields is Pay: the card tokenized with the holder\'s name, then paid with its token', async () => {
    const pay = vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' }));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    await view.emit({ type: 'submit' });
    await settle();
    expect(view.frame.tokenize).toHaveBeenCalledWith('Ana Perez', { focus: false });
    expect(pay).toHaveBeenCalledWith({ name: 'Ana Perez', email: 'ana@example.com', phone: '6123 4567' }, TEST_CARD, 'track', { tryAgain: false });
  });

  it('Tab from the vault\'s fields into the form\'s: the frame checks those typed into; another method chosen checks nothing (issue 96)', async () => {
    const view = await setup();
    unmount = view.unmount;
    // Focus arriving from the frame (another document) has no related element in this one.
    await act(() => {
      view.input('name').dispatchEvent(new FocusEvent('focusin', { bubbles: true, relatedTarget: null }));
    });
    expect(view.frame.check).toHaveBeenCalledTimes(1);
    await act(() => {
      view.input('email').dispatchEvent(new FocusEvent('focusin', { bubbles: true, relatedTarget: view.input('name') }));
    });
    expect(view.frame.check).toHaveBeenCalledTimes(1);
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
    // The vault's fields too: focusable, read-only.
    expect(view.frame.busy).toHaveBeenLastCalledWith(true);
    await act(() => view.submit()?.click());
    await act(() => view.input('name').form?.requestSubmit());
    expect(pay).toHaveBeenCalledTimes(1);
    await act(() => finish({ kind: 'receipt', codOper: 'OP1' }));
  });

  it('the duplicate question takes the focus on its answer that charges nothing, announces the question alone; answered, the focus is back on Pay (issue 96)', async () => {
    const pay = vi.fn().mockRejectedValueOnce(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 }));
    const view = await setup('es', { pay });
    unmount = view.unmount;
    await view.fillGood();
    view.submit()?.focus();
    await act(() => view.submit()?.click());
    await settle();
    const yes = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.duplicate_confirm_button);
    const no = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.duplicate_decline_button);
    expect(yes).toBeDefined();
    // A second Enter from a payer who thought the first did nothing goes back to the earlier payment, never pays again.
    expect(document.activeElement).toBe(no);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.duplicate_question);
    // Pay waits for an answer: pressed meanwhile, nothing is sent again (issue 92).
    expect(view.submit()?.getAttribute('aria-disabled')).toBe('true');
    await act(() => view.submit()?.click());
    await settle();
    expect(pay).toHaveBeenCalledTimes(1);
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
    expect(view.input('name').value).toBe('Ana Perez');
    // The vault used the CVC: emptied, and the field to type again.
    expect(view.frame.clear).toHaveBeenCalledWith('cvc');
    expect(view.frame.focus).toHaveBeenLastCalledWith('cvc');
  });

  it.each([
    ['INCORRECT_CVC -> the CVC', 'cvc' as const, 'Código de seguridad (CVC) incorrecto'],
    ['INSUFFICIENT_FUNDS -> the card number', 'cardnumber' as const, 'Fondos insuficientes'],
  ])('a decline pointing to a field (%s): the reason right above the card\'s fields and tied to the field in them, focused there, the CVC emptied', async (_rule, field, text) => {
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
    expect(view.frame.decline).toHaveBeenCalledWith(field, text);
    expect(view.frame.focus).toHaveBeenLastCalledWith(field);
    // The note sits in the same group as the fields' frame, before it.
    const vault = view.vault();
    expect(vault && note?.parentElement?.contains(vault)).toBe(true);
    expect(note && vault && note.compareDocumentPosition(vault) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(view.input('name').value).toBe('Ana Perez');
    expect(view.frame.clear).toHaveBeenCalledWith('cvc');
  });
});

describe('CardForm: the server refuses the payment\'s captcha (403; docs/architecture.md "Captcha and focus")', () => {
  beforeAll(() => preparePhoneRules(), 30_000);
  let unmount: (() => unknown) | undefined;
  afterEach(async () => {
    await unmount?.();
  });

  it.each([
    ['es', 'error_captcha'],
    ['en', 'invalid_score_captcha'],
  ] as const)('%s, %s: the alert says why and what to do (tick the box again), the focus on a field to type', async (lang, code) => {
    const pay = vi.fn(async (): Promise<CardAttempt> => {
      throw new PasarelaError({ code, category: 'api', status: 403 });
    });
    const view = await setup(lang, { pay });
    unmount = view.unmount;
    await view.fillGood();
    await act(() => view.submit()?.click());
    await settle();
    const alert = view.container.querySelector('[role="alert"]');
    expect([...(alert?.querySelectorAll('.alert__text') ?? [])].map((p) => p.textContent)).toEqual([catalogs[lang][code], catalogs[lang].captcha_required]);
    expect(view.frame.focus).toHaveBeenLastCalledWith('cvc');
  });
});

describe('CardForm: a subscription says what recurs and how it stops, right under Pay', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  it('the terms follow the button, which they describe', async () => {
    await startI18n('es', catalogs.es);
    const { frame } = testFrame();
    const store = createCardStore({
      now: () => new Date('2026-11-21T12:00:00Z'), fields: frame, checkPhone,
      pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })), lookup: vi.fn(async () => null), onDone: vi.fn(), newTrackId: () => 'track',
    });
    const terms = 'Al pagar, se cobrarán $19.99 cada mes a esta tarjeta hasta que canceles la suscripción; para cancelarla, pídeselo a Tostadores del Casco.';
    const view = await render(<CardForm store={store} frame={frame} fieldsAddress={{ ...ADDRESS, brands: ['VISA'] }} total={19.99} lang="es" acceptedBrands={['VISA']} preparePhone={() => {}} payTerms={terms} />);
    const pay = view.container.querySelector<HTMLButtonElement>('button[type="submit"]');
    expect(pay?.nextElementSibling?.textContent).toBe(terms);
    expect(pay?.getAttribute('aria-describedby')).toBe('pay-terms');
    await view.unmount();
  });
});

// Issue 93: "the checkout formats the currency for the payer's language and country".
describe('CardForm: the Pay button in the merchant\'s currency', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });
  it.each([
    ['es', 'COP', 'Pagar $ 50.000'],
    ['en', 'COP', 'Pay COP 50,000'],
    ['es', 'USD', 'Pagar $50,000.00'],
  ] as const)('%s, %s: %s', async (lang, currency, label) => {
    await startI18n(lang, catalogs[lang]);
    const { frame } = testFrame();
    const store = createCardStore({
      now: () => new Date('2026-11-21T12:00:00Z'), fields: frame, checkPhone,
      pay: vi.fn(async (): Promise<CardAttempt> => ({ kind: 'receipt', codOper: 'OP1' })), lookup: vi.fn(async () => null), onDone: vi.fn(), newTrackId: () => 'track',
    });
    const view = await render(<CardForm store={store} frame={frame} fieldsAddress={{ ...ADDRESS, lang }} total={50_000} currency={currency} lang={lang} acceptedBrands={['VISA']} preparePhone={() => {}} />);
    expect(view.container.querySelector('button[type="submit"]')?.textContent?.replace(/\u00a0/g, ' ')).toBe(label);
    await view.unmount();
  });
});
