import { useEffect, useRef } from 'react';
import { useServices } from '../services/services';
import { t } from '../i18n/i18n';
import { useStoreState } from '../ui/useStoreState';
import type { SecurityStore } from './securityStore';
import type { CaptchaProvider } from './types';

export function CaptchaBox({ store, provider, disabled, hidden }: { store: SecurityStore; provider: CaptchaProvider; disabled: boolean; hidden?: boolean | undefined }) {
  const { lang } = useServices();
  const { siteKey, spent } = useStoreState(store);
  const container = useRef<HTMLDivElement>(null);
  // Drawn anew (unticked) with each `spent`: once its token went to a payment, the next needs another.
  useEffect(() => {
    const element = container.current;
    if (!element || !siteKey) return undefined;
    return provider.render(element, {
      siteKey,
      lang,
      madeFor: store.madeFor,
      onToken: (token) => store.setToken(token),
      onExpired: () => store.clearToken(),
    });
  }, [siteKey, provider, store, lang, spent]);
  if (!siteKey) return null;
  return (
    // Hidden rather than gone while a payment is under way: the provider's box keeps its answer.
    <fieldset className="security" disabled={disabled} hidden={hidden}>
      <legend className="security__title">{t('captcha_title')}</legend>
      <div ref={container} />
    </fieldset>
  );
}
