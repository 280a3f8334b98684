import type { CatalogKey } from '@pasarela/core';
import { useReducer, useRef, useState } from 'react';
import { useFocusFirstField } from '../ui/useFocusFirstField';
import * as v from 'valibot';
import { buildRegistrationPayload, DEFAULT_CITY, DEFAULT_COUNTRY, email, fieldErrors, initialRegistrationState, isPasarelaError, nameLetters, notBlank, registrationReducer } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { checkPhone, preparePhoneRules } from '../payments/phoneCheck';
import { Field } from '../ui/Field';
import { register, storedLogin } from './api';
import { CodeField } from './CodeField';
import { HOME_PATH } from './LoginScreen';
import { PasswordFields, passwordReady } from './PasswordFields';
import { ResendCode } from './ResendCode';
import { WalletPage } from './WalletPage';
import type { CheckoutRoute } from '../services/routeTypes';
import { signupMemory } from './codeStepMemory';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';

type SignupField = 'email' | 'name' | 'lastname' | 'phone' | 'city';
// The city may be left empty (SPEC 5 default Panama), never blank-only.
const StepOneSchema = v.object({ email: email(), name: nameLetters(), lastname: nameLetters(), city: v.union([v.literal(''), notBlank()], 'spaces_blank_not_allowed') });

/** `back`: the checkout `next` opens, to go back to; null when `next` is no checkout (the wallet's own home). */
export function SignupScreen({ next, back }: { next: string | null; back: CheckoutRoute | null }) {
  const services = useServices();
  const tab = services.storage.session;
  // A code sent before a reload is still the one to type: the registration waits on the server under its handle.
  const [resumed] = useState(() => signupMemory.kept(tab, Date.now()));
  const [registrationId, setRegistrationId] = useState(resumed?.registrationId);
  const [state, dispatch] = useReducer(registrationReducer, resumed, (at) => (at ? { ...initialRegistrationState, step: 2 as const } : initialRegistrationState));
  const [values, setValues] = useState<Record<SignupField, string>>({ email: resumed?.email ?? '', name: '', lastname: '', phone: '', city: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<SignupField, CatalogKey>>>({});
  const busy = state.status === 'loading';
  const form = useRef<HTMLFormElement>(null);
  const [failures, setFailures] = useState(0);
  // The code step, or a refusal: the focus in the first field to fix (the code field on the code step).
  useFocusFirstField(form, state.step, failures);
  const set = (field: SignupField) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  // Kept in this screen's memory only (never in the tab's storage): sent with the code when step 1 answered no handle.
  const payload = (emailCode?: string) =>
    buildRegistrationPayload({
      email: values.email, name: values.name.trim(), lastname: values.lastname.trim(), phone: values.phone.trim(), password,
      // SPEC 7 "the signup call also sends city".
      country: DEFAULT_COUNTRY, address1: '', city: values.city.trim() || DEFAULT_CITY, ...(emailCode ? { emailCode } : {}),
    });

  const submitData = async () => {
    if (busy) return;
    setSubmitted(true);
    const found: Partial<Record<SignupField, CatalogKey>> = fieldErrors(StepOneSchema, values);
    let phoneError: CatalogKey | null;
    try {
      phoneError = await checkPhone(values.phone);
    } catch {
      phoneError = null; // the rules did not load: the server checks the phone too
    }
    if (phoneError) found.phone = phoneError;
    setErrors(found);
    if (Object.keys(found).length > 0 || !passwordReady(password, confirm)) {
      // The first field to fix, in the form's order, once the render has marked it.
      setFailures((n) => n + 1);
      return;
    }
    dispatch({ type: 'submit' });
    try {
      const answer = await register(services.api, payload());
      if (answer.step === 2) waiting(answer);
      dispatch({ type: 'submitSuccess' });
    } catch (error) {
      dispatch({ type: 'submitFailure', code: isPasarelaError(error) ? error.code : '', message: walletMessageKey(error) });
      setFailures((n) => n + 1);
    }
  };
  /** Step 1's answer (or a code sent again): the handle to confirm with, kept in the tab for a reload. */
  const waiting = (answer: { registrationId?: string | undefined }) => {
    setRegistrationId(answer.registrationId);
    if (answer.registrationId) signupMemory.keep(tab, { email: values.email.trim(), registrationId: answer.registrationId, sentAtMs: Date.now() });
  };
  /** Nothing waits under the handle any more (request_expired): step 1 again, saying why. */
  const startAgain = (error: unknown) => {
    if (!isPasarelaError(error) || error.code !== 'request_expired') throw error;
    signupMemory.forget(tab);
    setRegistrationId(undefined);
    dispatch({ type: 'reset' });
    dispatch({ type: 'submitFailure', code: '', message: 'request_expired' });
  };
  const sendAgain = () => register(services.api, registrationId ? { registrationId } : payload()).then((answer) => {
    if (answer.step === 2) waiting(answer);
    dispatch({ type: 'codeResent' });
  }, startAgain);
  const submitCode = async () => {
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      dispatch({ type: 'confirmFailure', message: 'invalid_code_validation_tx' });
      setFailures((n) => n + 1);
      return;
    }
    dispatch({ type: 'confirm' });
    try {
      const answer = await register(services.api, registrationId ? { registrationId, emailCode: code } : payload(code));
      if (answer.step !== 3) throw new Error('no login in the answer');
      signupMemory.forget(tab);
      services.session.getState().set(storedLogin(answer));
      dispatch({ type: 'confirmSuccess' });
      services.navigate(next ?? HOME_PATH);
    } catch (error) {
      dispatch({ type: 'confirmFailure', message: walletMessageKey(error) });
      setFailures((n) => n + 1);
    }
  };
  const message = (f: SignupField) => (errors[f] ? t(errors[f] ?? '') : undefined);
  const alert = state.error ? (
    <div className="alert" role="alert" id="signup-error">
      <p className="alert__text">{t(state.error)}</p>
    </div>
  ) : null;

  return (
    <WalletPage title={t('signup_title')} next={next} back={back}>
      {state.step === 1 ? (
        <form ref={form} className="method-form wallet-form" noValidate onSubmit={(e) => (e.preventDefault(), void submitData())}>
          {alert}
          <Field name="email" label={t('label_email')} type="email" value={values.email} onValue={set('email')} autoComplete="email" inputMode="email" spellCheck={false} error={message('email')} live={false} disabled={busy} />
          <Field name="name" label={t('label_first_name')} value={values.name} onValue={set('name')} autoComplete="given-name" error={message('name')} live={false} disabled={busy} />
          <Field name="lastname" label={t('label_lastname')} value={values.lastname} onValue={set('lastname')} autoComplete="family-name" error={message('lastname')} live={false} disabled={busy} />
          <Field name="phone" label={t('label_phone')} hint={t('phone_hint')} type="tel" value={values.phone} onValue={set('phone')} autoComplete="tel" inputMode="tel" error={message('phone')} live={false} disabled={busy} onFocus={() => void preparePhoneRules().catch(() => undefined)} />
          <Field name="city" label={t('label_city')} value={values.city} onValue={set('city')} autoComplete="address-level2" error={message('city')} live={false} disabled={busy} />
          <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} submitted={submitted} attempts={failures} disabled={busy} />
          <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
            {busy ? t('loading') : t('signup_button')}
          </BusyButton>
        </form>
      ) : (
        <form ref={form} className="method-form wallet-form" noValidate onSubmit={(e) => (e.preventDefault(), void submitCode())}>
          <p className="page__text" role="status">{t('signup_code_sent', { email: values.email.trim() })}</p>
          {alert}
          <CodeField value={code} onValue={setCode} disabled={busy} errorId={state.error ? 'signup-error' : undefined} />
          <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
            {busy ? t('loading') : t('confirm_button')}
          </BusyButton>
          {/* A new code sent: the last one's refusal is no longer what stands ("Te enviamos un código nuevo" alone), but the lock after too many does. */}
          <ResendCode disabled={busy} send={sendAgain} />
        </form>
      )}
    </WalletPage>
  );
}
