import { useState } from 'react';
import { t } from '../i18n/i18n';

/**
 * Shown instead of the console when the sandbox wants its admin token (a server beyond loopback):
 * the token is kept for this tab only, then the console starts with it.
 */
export function TokenForm({ onToken, rejected }: { onToken: (token: string) => void; rejected: boolean }) {
  const [value, setValue] = useState('');
  return (
    <main className="token-form">
      <h1>{t('title')}</h1>
      <form
        aria-labelledby="token-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim() !== '') onToken(value.trim());
        }}
      >
        <h2 id="token-title">{t('tokenTitle')}</h2>
        <p id="token-hint" className="hint">{t('tokenHint')}</p>
        {rejected ? <p role="alert">{t('tokenRejected')}</p> : null}
        <label>
          {t('tokenLabel')}
          <input type="password" autoComplete="off" required aria-describedby="token-hint" value={value} onInput={(e) => setValue(e.currentTarget.value)} />
        </label>
        <button type="submit">{t('tokenSubmit')}</button>
      </form>
    </main>
  );
}
