import { useEffect, useRef } from 'react';
import { useServices } from '../services/services';
import { t } from '../i18n/i18n';
import { useStoreState } from '../ui/useStoreState';
import type { SecurityStore } from './securityStore';
import type { CaptchaProvider } from './types';

/** Where the captcha provider draws its challenge, once the site key is known. */
export function CaptchaBox({ store, provider, disabled }: { store: SecurityStore; provider: CaptchaProvider; disabled: boolean }) {
  const { lang } = useServices();
  const { siteKey } = useStoreState(store);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !siteKey) return undefined;
    return provider.render(element, {
      siteKey,
      lang,
      onToken: (token) => store.setToken(token),
      onExpired: () => store.clearToken(),
    });
  }, [siteKey, provider, store, lang]);
  if (!siteKey) return null;
  return (
    <fieldset className="security" disabled={disabled}>
      <legend className="security__title">{t('captcha_title')}</legend>
      <div ref={container} />
    </fieldset>
  );
}
