import { useReducer, useState } from 'react';
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
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';

const STEP_TEXT = { 1: 'recovery_step1', 2: 'recovery_step2', 3: 'recovery_step3' } as const;

export function RecoveryScreen({ next }: { next: string | null }) {
  const services = useServices();
  const [state, dispatch] = useReducer(recoveryReducer, initialRecoveryState);
  const [loginOrEmail, setLoginOrEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const busy = state.status === 'loading';

  const submit = async () => {
    setSubmitted(true);
    if (state.step === 1 && loginOrEmail.trim() === '') return dispatch({ type: 'failure', message: 'field_required' });
    if (state.step === 2 && !/^\d{6}$/.test(code)) return dispatch({ type: 'failure', message: 'invalid_code_validation_tx' });
    if (state.step === 3 && !passwordReady(password, confirm)) return;
    dispatch({ type: 'request' });
    try {
      const values = { loginOrEmail, idUsr: state.idUsr, confirmationCode: code, newPassword: password };
      // The sandbox checks the code against the user again on the last step, so idUsr goes along.
      const body = state.step === 3 ? { ...recoveryBody(3, values), idUsr: state.idUsr ?? 0 } : recoveryBody(state.step, values);
      const answer = await recoverPassword(services.api, body);
      if (answer.step === 4) {
        services.session.getState().set(storedLogin(answer));
        dispatch({ type: 'success' });
        services.navigate(next ?? HOME_PATH);
        return;
      }
      dispatch(answer.step === 2 ? { type: 'success', idUsr: answer.idUsr } : { type: 'success' });
      setSubmitted(false);
    } catch (error) {
      dispatch({ type: 'failure', message: walletMessageKey(error) });
    }
  };

  return (
    <WalletPage title={t('recovery_title')} back={next}>
      <form className="method-form wallet-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <p className="page__text" role="status">{t(STEP_TEXT[state.step])}</p>
        {state.error ? (
          <div className="alert" role="alert">
            <p className="alert__text">{t(state.error)}</p>
          </div>
        ) : null}
        {state.step === 1 ? (
          <Field name="loginOrEmail" label={t('label_username')} value={loginOrEmail} onValue={setLoginOrEmail} autoComplete="username" autoCapitalize="none" spellCheck={false} disabled={busy} />
        ) : null}
        {state.step === 2 ? <CodeField value={code} onValue={setCode} disabled={busy} /> : null}
        {state.step === 3 ? <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} submitted={submitted} disabled={busy} /> : null}
        <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
          {busy ? t('loading') : t(state.step === 1 ? 'send_code' : state.step === 2 ? 'confirm_button' : 'save_button')}
        </BusyButton>
        {state.step === 2 ? <ResendCode disabled={busy} send={() => recoverPassword(services.api, recoveryBody(1, { loginOrEmail })).then(() => undefined)} /> : null}
      </form>
    </WalletPage>
  );
}
