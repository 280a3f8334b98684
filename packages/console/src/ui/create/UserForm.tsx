import { useState } from 'react';
import { t } from '../../i18n/i18n';
import type { AdminApi } from '../../api/adminApi';
import { FormError } from '../CheckoutResult';
import { CopyButton } from '../CopyButton';
import { useSubmit } from '../useSubmit';
import { TextField, dollarsOrUndefined } from './fields';
import { checkedLogin, checkedPassword, inField } from './checkedFields';

/** A wallet user ready to log in; or, through the signup page, one whose code lands in the mailbox. */
export function UserForm({ api }: { api: AdminApi }) {
  const [email, setEmail] = useState('');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('Segura#2026');
  const [balance, setBalance] = useState('50');
  const { busy, error, errorId, result, submit } = useSubmit(() => {
    const chosenLogin = checkedLogin(login);
    const user = { email, password: checkedPassword(password), balance: inField('balance', () => dollarsOrUndefined(balance, 'zeroOrMore')) ?? 0 };
    return api.createUser({ ...user, ...(chosenLogin === undefined ? {} : { login: chosenLogin }) });
  });
  const loginUrl = `${location.origin}/pf/widget/login`;
  const signupUrl = `${location.origin}/pf/widget/signup`;
  return (
    <section className="card" aria-labelledby="create-user">
      <h3 id="create-user">{t('userTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('email')} name="email" value={email} onChange={setEmail} type="email" inputMode="email" required />
        <TextField label={t('login')} name="login" value={login} onChange={setLogin} />
        <TextField label={t('password')} name="password" value={password} onChange={setPassword} required />
        <TextField label={t('balance')} name="balance" value={balance} onChange={setBalance} inputMode="decimal" />
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && (
        <div className="result">
          <p className="result-title" role="status">{t('userCreated', { login: result.login })}</p>
          <p className="label">{t('loginUrl')}</p>
          <p className="url-line"><a href={loginUrl} target="_blank" rel="noopener">{loginUrl}</a> <CopyButton text={loginUrl} /></p>
        </div>
      )}
      <p className="hint">
        {t('signupHint')} <a href={signupUrl} target="_blank" rel="noopener">{t('signupPage')}</a>{t('signupHintAfter')}
      </p>
    </section>
  );
}
