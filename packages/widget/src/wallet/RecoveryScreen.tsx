import { useReducer, useRef, useState } from 'react';
import { useFocusFirstField } from '../ui/useFocusFirstField';
import { initialRecoveryState, recoveryBody, recoveryReducer } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { Field } from '../ui/Field';
import { recoverPassword, storedLogin } from './api';
import { CodeField } from './CodeField';
import { HOME_PATH } from './LoginScreen';
import { PasswordFields, passwordReady } from './PasswordFields';
import { ResendCode } from './ResendCode';
import { WalletPage } from './WalletPage';
import type { CheckoutRoute } from '../services/routeTypes';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';
import { forgetRecovery, keepRecovery, keptRecovery } from './codeStepMemory';

const STEP_TEXT = { 1: 'recovery_step1', 2: 'recovery_step2', 3: 'recovery_step3' } as const;

/** `back`: the checkout `next` opens, to go back to; null when `next` is no checkout (the wallet's own home). */
export function RecoveryScreen({ next, back }: { next: string | null; back: CheckoutRoute | null }) {
  const services = useServices();
  const tab = services.storage.session;
  // A code sent before a reload is still the one to type: no new one asked for.
  const [resumed] = useState(() => keptRecovery(tab, Date.now()));
  const [state, dispatch] = useReducer(recoveryReducer, resumed, (at) => (at ? { ...initialRecoveryState, step: 2 as const, idUsr: at.idUsr } : initialRecoveryState));
  const [loginOrEmail, setLoginOrEmail] = useState(resumed?.loginOrEmail ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const busy = state.status === 'loading';
  const form = useRef<HTMLFormElement>(null);
  // A new step, or a refusal: the focus on the field to fill or fix.
  const [failures, setFailures] = useState(0);
  useFocusFirstField(form, state.step, failures);
  const errorId = state.error ? 'recovery-error' : undefined;
  // "required" sits under its own field; every other refusal is the alert above, tied to the field.
  const required = state.error === 'field_required';

  const submit = async () => {
    setSubmitted(true);
    if (busy) return;
    const refuse = (message: 'field_required' | 'invalid_code_validation_tx') => {
      dispatch({ type: 'failure', message });
      setFailures((n) => n + 1);
    };
    if (state.step === 1 && loginOrEmail.trim() === '') return refuse('field_required');
    if (state.step === 2 && !/^\d{6}$/.test(code)) return refuse('invalid_code_validation_tx');
    if (state.step === 3 && !passwordReady(password, confirm)) return setFailures((n) => n + 1);
    dispatch({ type: 'request' });
    try {
      const values = { loginOrEmail, idUsr: state.idUsr, confirmationCode: code, newPassword: password };
      // The sandbox checks the code against the user again on the last step, so idUsr goes along.
      const body = state.step === 3 ? { ...recoveryBody(3, values), idUsr: state.idUsr ?? 0 } : recoveryBody(state.step, values);
      const answer = await recoverPassword(services.api, body);
      if (answer.step === 4) {
        forgetRecovery(tab);
        services.session.getState().set(storedLogin(answer));
        dispatch({ type: 'success' });
        services.navigate(next ?? HOME_PATH);
        return;
      }
      if (answer.step === 2) keepRecovery(tab, { loginOrEmail: loginOrEmail.trim(), idUsr: answer.idUsr, sentAtMs: Date.now() });
      dispatch(answer.step === 2 ? { type: 'success', idUsr: answer.idUsr } : { type: 'success' });
      setSubmitted(false);
    } catch (error) {
      dispatch({ type: 'failure', message: walletMessageKey(error) });
      setFailures((n) => n + 1);
    }
  };

  return (
    <WalletPage title={t('recovery_title')} next={next} back={back}>
      <form ref={form} className="method-form wallet-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <p className="page__text" role="status">{t(STEP_TEXT[state.step])}</p>
        {state.error && !required ? (
          <div className="alert" role="alert" id={errorId}>
            <p className="alert__text">{t(state.error)}</p>
          </div>
        ) : null}
        {state.step === 1 ? (
          <Field name="loginOrEmail" label={t('label_username')} value={loginOrEmail} onValue={setLoginOrEmail} autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={busy} error={required ? t('field_required') : undefined} invalid={errorId !== undefined} describedBy={required ? undefined : errorId} />
        ) : null}
        {state.step === 2 && loginOrEmail.includes('@') ? <p className="page__hint">{t('signup_code_sent', { email: loginOrEmail.trim() })}</p> : null}
        {state.step === 2 ? <CodeField value={code} onValue={setCode} disabled={busy} errorId={errorId} /> : null}
        {state.step === 3 ? <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} submitted={submitted} attempts={failures} disabled={busy} /> : null}
        <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
          {busy ? t('loading') : t(state.step === 1 ? 'send_code' : state.step === 2 ? 'confirm_button' : 'save_button')}
        </BusyButton>
        {/* As on signup: a new code clears a wrong one's refusal, never the lock after too many. */}
        {state.step === 2 ? <ResendCode disabled={busy} send={() => recoverPassword(services.api, recoveryBody(1, { loginOrEmail })).then((answer) => {
          if (answer.step === 2) keepRecovery(tab, { loginOrEmail: loginOrEmail.trim(), idUsr: answer.idUsr, sentAtMs: Date.now() });
          dispatch({ type: 'codeResent' });
        })} /> : null}
        {/* Another account: step 1 again, the code kept here forgotten. */}
        {state.step === 2 ? (
          <BusyButton type="button" className="button button--link" busy={busy} onClick={() => (forgetRecovery(tab), setCode(''), dispatch({ type: 'reset' }))}>{t('back')}</BusyButton>
        ) : null}
      </form>
    </WalletPage>
  );
}
