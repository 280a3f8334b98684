import { useRef, useState } from 'react';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { Field } from '../ui/Field';
import { useStoreState } from '../ui/useStoreState';
import { createLoginStore } from './loginStore';
import { walletLink } from './walletLink';
import { BusyButton } from '../ui/BusyButton';

interface LoginFormProps {
  onLoggedIn: () => void;
  next: string;
  idPrefix?: string;
  /**
   * In the checkout (its balance method): signup and recovery open on top of it, so the browser's
   * Back, and their "Volver al pago", come back to `next`, this login, instead of leaving the checkout.
   */
  onTopOfNext?: boolean;
}

export function LoginForm({ onLoggedIn, next, idPrefix = '', onTopOfNext = false }: LoginFormProps) {
  const services = useServices();
  const [store] = useState(() => createLoginStore({ api: services.api, session: services.session }));
  const { login } = useStoreState(store);
  const expired = useStoreState(services.session).expired;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const userRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // A refused login empties the password and puts the focus back in it, the message tied to it.
  const [refused, setRefused] = useState(false);
  const alertId = `${idPrefix}login-error`;
  const busy = login.status === 'loading';
  const error = login.error ?? (expired ? 'session_expired' : null);

  const openOnTop = (path: string) => services.navigate(path, onTopOfNext ? { back: next } : {});

  const submit = async () => {
    const gaps = { username: username.trim() === '', password: password === '' };
    setMissing(gaps);
    if (gaps.username || gaps.password) {
      (gaps.username ? userRef : passwordRef).current?.focus();
      return;
    }
    if (busy) return;
    if (await store.getState().submit(username, password)) onLoggedIn();
    else {
      setPassword('');
      setRefused(true);
      passwordRef.current?.focus();
    }
  };

  return (
    <form
      className="method-form wallet-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {error ? (
        <div className="alert" role="alert" id={alertId}>
          <p className="alert__text">{t(error)}</p>
        </div>
      ) : null}
      <Field
        name={`${idPrefix}username`}
        label={t('label_username')}
        value={username}
        onValue={setUsername}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        inputRef={userRef}
        error={missing.username ? t('field_required') : undefined}
        // Said by the focus a submit puts on the first field missing, not announced by each (Field's `live`).
        live={false}
        disabled={busy}
      />
      <Field
        name={`${idPrefix}password`}
        label={t('label_password')}
        type="password"
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
        required
        error={missing.password ? t('field_required') : undefined}
        live={false}
        inputRef={passwordRef}
        invalid={refused && error !== null}
        describedBy={refused && error ? alertId : undefined}
        onInput={() => setRefused(false)}
        disabled={busy}
      />
      <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
        {busy ? t('loading') : t('login_button')}
      </BusyButton>
      <p className="wallet-links">
        <a className="button--link" href={walletLink('/pf/widget/recoverypassword', next)} onClick={(e) => go(e, openOnTop)}>
          {t('forgot_password')}
        </a>
        <a className="button--link" href={walletLink('/pf/widget/signup', next)} onClick={(e) => go(e, openOnTop)}>
          {t('signup_link')}
        </a>
      </p>
    </form>
  );
}

/** Without a page load, keeping the frame's sticky parameters. */
export function go(event: { preventDefault(): void; currentTarget: HTMLAnchorElement }, navigate: (path: string) => void): void {
  event.preventDefault();
  const url = new URL(event.currentTarget.href);
  navigate(url.pathname + url.search);
}
