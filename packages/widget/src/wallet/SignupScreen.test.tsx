import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, PasarelaError } from '@pasarela/core';
import { ServicesContext } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { preparePhoneRules } from '../payments/phoneCheck';
import { scriptedApi } from '../testing/fakePaymentContext';
import { fakeServices } from '../testing/fakeServices';
import { render, settle, type } from '../testing/render';
import { SignupScreen } from './SignupScreen';

// SPEC 5 invalid_phone_number and spaces_blank_not_allowed on the signup form; SPEC 7 "POST
// register (...; the signup call also sends city)".
beforeAll(async () => {
  await startI18n('es', catalogs.es);
  await preparePhoneRules();
});

interface StepOne { email: string; phone: string; city: string; password: string; confirm: string }
const GOOD: StepOne = { email: 'lucia@example.com', phone: '6123-4567', city: '', password: 'Nueva#2026clave', confirm: 'Nueva#2026clave' };

/** The signup form on a scripted server, its first step filled (Lucia Gomez) and sent. */
async function sentStepOne(values: Partial<StepOne>) {
  const filled = { ...GOOD, ...values };
  const { api, calls } = scriptedApi({ 'users/register': { step: 2 } });
  const { services } = fakeServices(api);
  const view = await render(
    <ServicesContext.Provider value={services}>
      <SignupScreen next={null} back={null} />
    </ServicesContext.Provider>,
  );
  await type(view.input('email'), filled.email);
  await type(view.input('name'), 'Lucia');
  await type(view.input('lastname'), 'Gomez');
  await type(view.input('phone'), filled.phone);
  await type(view.input('city'), filled.city);
  await type(view.input('newPassword'), filled.password);
  await type(view.input('confirmPassword'), filled.confirm);
  view.container.querySelector('form')?.requestSubmit();
  await settle();
  await settle();
  return { view, calls };
}

async function signUp(values: { phone: string; city: string }) {
  const { view, calls } = await sentStepOne(values);
  const errors = Object.fromEntries(['phone', 'city'].map((name) => [name, view.container.querySelector(`#field-${name}-error`)?.textContent ?? '']));
  const errorOf = (name: string) => errors[name] ?? '';
  const sent = calls.filter((c) => c.path === 'users/register').map((c) => c.body as Record<string, unknown>);
  await view.unmount();
  return { errorOf, sent };
}

describe('signup form', () => {
  it('sends a valid phone and the city typed', async () => {
    const { sent } = await signUp({ phone: '6123-4567', city: 'David' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ phone: '6123-4567', city: 'David', country: 'Panama' });
  });

  it('an empty city is sent as Panama (SPEC 5 "Defaults when missing: city ... Panama")', async () => {
    const { sent } = await signUp({ phone: '6123-4567', city: '' });
    expect(sent[0]).toMatchObject({ city: 'Panama' });
  });

  it('refuses a phone that is not a phone, and a blank-only city, without calling the server', async () => {
    const bad = await signUp({ phone: '12345', city: '   ' });
    expect(bad.sent).toEqual([]);
  });

  it.each([
    ['12345', 'David', 'phone', catalogs.es.invalid_phone_number],
    ['6123-4567', '   ', 'city', catalogs.es.spaces_blank_not_allowed],
  ])('phone %j, city %j: %s says "%s"', async (phone, city, field, text) => {
    const { errorOf, sent } = await signUp({ phone, city });
    expect(sent).toEqual([]);
    expect(errorOf(field)).toBe(text);
  });
});

describe('signup keeps the payer\'s place (issue 96)', () => {
  it('the code step takes the focus on the code field; a wrong code puts it back there, the message tied to it', async () => {
    const { api } = scriptedApi({ 'users/register': { step: 2 } });
    const { services } = fakeServices(api);
    const view = await render(
      <ServicesContext.Provider value={services}>
        <SignupScreen next={null} back={null} />
      </ServicesContext.Provider>,
    );
    await type(view.input('email'), 'lucia@example.com');
    await type(view.input('name'), 'María');
    await type(view.input('lastname'), 'Pérez Ñúñez');
    await type(view.input('phone'), '6123-4567');
    for (const input of view.container.querySelectorAll<HTMLInputElement>('input[type="password"]')) await type(input, 'Nueva#2026clave');
    view.container.querySelector('form')?.requestSubmit();
    await settle();
    await settle();
    const code = view.input('emailCode');
    expect(document.activeElement).toBe(code);
    await type(code, '12');
    view.container.querySelector('form')?.requestSubmit();
    await settle();
    expect(document.activeElement).toBe(code);
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(catalogs.es.invalid_code_validation_tx);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(alert?.id);
    // A new code sent: only "sent" stands, not the last code's refusal beside it.
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.resend_code)?.click();
    await settle();
    await settle();
    expect(view.container.textContent).toContain(catalogs.es.code_resent);
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    await view.unmount();
  });
});

describe('the server\'s limit on e-mails to one address (docs/api.md "POST register")', () => {
  const tooMany = () => new PasarelaError({ code: 'too_many_emails', category: 'api', status: 429, serverMessage: 'Ya enviamos varios correos (Vuelve a intentarlo en 3599 s)' });

  it('a refused first step says so in the alert, not a vague error', async () => {
    const { api } = scriptedApi({ 'users/register': tooMany() });
    const { services } = fakeServices(api);
    const view = await render(
      <ServicesContext.Provider value={services}>
        <SignupScreen next={null} back={null} />
      </ServicesContext.Provider>,
    );
    await type(view.input('email'), 'lucia@example.com');
    await type(view.input('name'), 'Lucia');
    await type(view.input('lastname'), 'Gomez');
    await type(view.input('phone'), '6123-4567');
    for (const input of view.container.querySelectorAll<HTMLInputElement>('input[type="password"]')) await type(input, 'Nueva#2026clave');
    view.container.querySelector('form')?.requestSubmit();
    await settle();
    await settle();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.too_many_emails);
    await view.unmount();
  });

  it('a refused "send the code again" says so beside the button', async () => {
    const { api } = scriptedApi({ 'users/register': [{ step: 2 }, tooMany()] });
    const { services } = fakeServices(api);
    const view = await render(
      <ServicesContext.Provider value={services}>
        <SignupScreen next={null} back={null} />
      </ServicesContext.Provider>,
    );
    await type(view.input('email'), 'lucia@example.com');
    await type(view.input('name'), 'Lucia');
    await type(view.input('lastname'), 'Gomez');
    await type(view.input('phone'), '6123-4567');
    for (const input of view.container.querySelectorAll<HTMLInputElement>('input[type="password"]')) await type(input, 'Nueva#2026clave');
    view.container.querySelector('form')?.requestSubmit();
    await settle();
    await settle();
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.resend_code)?.click();
    await settle();
    await settle();
    expect(view.container.querySelector('.page__hint[aria-live="polite"]')?.textContent).toBe(catalogs.es.too_many_emails);
    await view.unmount();
  });
});

describe('a refused sign-up puts the focus on the first field to fix (WCAG 3.3.1)', () => {
  async function submitted(values: Partial<StepOne>) {
    const { view, calls } = await sentStepOne(values);
    const focused = document.activeElement?.getAttribute('name');
    const invalid = [...view.container.querySelectorAll('input[aria-invalid="true"]')].map((input) => input.getAttribute('name'));
    const errorOf = (name: string) => view.container.querySelector(`#field-${name}-error`)?.textContent ?? '';
    const describedBy = view.input('newPassword').getAttribute('aria-describedby')?.split(' ') ?? [];
    const result = { focused, invalid, describedBy, password: errorOf('newPassword'), confirm: errorOf('confirmPassword'), sent: calls.filter((c) => c.path === 'users/register').length };
    await view.unmount();
    return result;
  }

  it.each([
    // The e-mail comes before the passwords: it is the one to fix first, not "Nueva contraseña".
    ['a bad e-mail', 'email', { email: 'lucia@', password: 'Nueva#2026clave', confirm: 'Nueva#2026clave' }, ['email']],
    // The confirmation that does not match: the focus on it, not on the password that is fine.
    ['passwords that differ', 'confirmPassword', { email: 'lucia@example.com', password: 'Nueva#2026clave', confirm: 'Nueva#2026clavf' }, ['confirmPassword']],
    // A weak password is said under its field and marked, where only the ticks below it changed.
    ['a weak password', 'newPassword', { email: 'lucia@example.com', password: 'nueva', confirm: 'nueva' }, ['newPassword']],
  ])('%s: the focus on %s', async (_, focused, values, invalid) => {
    const result = await submitted(values);
    expect(result.sent).toBe(0);
    expect(result.focused).toBe(focused);
    expect(result.invalid).toEqual(invalid);
  });

  it('a weak password says what it needs under the field, and the field is described by the list of rules', async () => {
    const result = await submitted({ email: 'lucia@example.com', password: 'nueva', confirm: 'nueva' });
    expect(result.password).toBe(catalogs.es.invalid_password);
    expect(result.describedBy).toEqual(['password-policies', 'field-newPassword-error']);
    expect(result.confirm).toBe('');
  });
});

// docs/api.md "POST register": the code step confirms with the waiting registration's handle, kept in
// the tab, so a reload goes on at it; the password is sent once, on step 1, and kept nowhere.
describe('the sign-up\'s code step survives a reload', () => {
  const openSignup = async (answers: Parameters<typeof scriptedApi>[0]) => {
    const { api, calls } = scriptedApi(answers);
    const { services } = fakeServices(api);
    const view = await render(
      <ServicesContext.Provider value={services}>
        <SignupScreen next={null} back={null} />
      </ServicesContext.Provider>,
    );
    return { view, calls };
  };

  it('step 1 keeps the handle and the address in the tab; a screen opened again asks for the code and confirms with the handle alone', async () => {
    sessionStorage.clear();
    const first = await openSignup({ 'users/register': { step: 2, registrationId: 'handle-of-lucia' } });
    await type(first.view.input('email'), GOOD.email);
    await type(first.view.input('name'), 'Lucia');
    await type(first.view.input('lastname'), 'Gomez');
    await type(first.view.input('phone'), GOOD.phone);
    await type(first.view.input('newPassword'), GOOD.password);
    await type(first.view.input('confirmPassword'), GOOD.confirm);
    first.view.container.querySelector('form')?.requestSubmit();
    await settle();
    await settle();
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(GOOD.password);
    await first.view.unmount();

    const login = { step: 3, sessionId: 's1', token: 'a'.repeat(64), expiresAt: null, user: { idUsr: 9 } };
    const again = await openSignup({ 'users/register': login });
    expect(again.view.container.textContent).toContain(GOOD.email);
    await type(again.view.input('emailCode'), '123456');
    again.view.container.querySelector('form')?.requestSubmit();
    await settle();
    await settle();
    expect(again.calls.map((c) => c.body)).toEqual([{ registrationId: 'handle-of-lucia', emailCode: '123456' }]);
    expect(sessionStorage.getItem('pasarela.signup')).toBeNull();
    await again.view.unmount();
  });

  it('"send the code again" for a registration no longer waiting goes back to step 1, saying why, the address kept', async () => {
    sessionStorage.setItem('pasarela.signup', JSON.stringify({ email: GOOD.email, registrationId: 'gone', sentAtMs: Date.now() }));
    const { view, calls } = await openSignup({ 'users/register': new PasarelaError({ code: 'request_expired', category: 'api', status: 400 }) });
    const resend = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.resend_code);
    resend?.click();
    await settle();
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ registrationId: 'gone' }]);
    expect(view.input('email').value).toBe(GOOD.email);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.request_expired);
    expect(sessionStorage.getItem('pasarela.signup')).toBeNull();
    await view.unmount();
  });
});
