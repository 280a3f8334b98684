import { useEffect, useMemo } from 'react';
import { returnAddress } from '@pasarela/core';
import { useServices } from '../../services/services';
import { t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import type { TxResultStore } from './store';
import { TxResultScreen } from './TxResultScreen';

export const RETURN_DELAY_MS = 1500;

/** A full page goes back by itself; inside the merchant's frame the link opens in the whole window. */
export function ReturnPageScreen({ store }: { store: TxResultStore }) {
  const services = useServices();
  const state = useStoreState(store);
  const address = useMemo(() => (state.status === 'ready' ? returnAddress(state.notification) : null), [state]);
  useEffect(() => {
    if (!address || services.bridge.embedded) return undefined;
    const timer = setTimeout(() => services.leave(address), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [address, services]);

  const host = address ? new URL(address).host : '';
  return (
    <TxResultScreen store={store}>
      {address ? (
        <div className="return-page" role="status">
          <p className="return-page__title">{t('return_page_title')}</p>
          <p className="return-page__text">{t('return_page_text', { host })}</p>
          <a className="button button--primary" href={address} target="_top" rel="noopener">
            {t('return_page_button', { host })}
          </a>
        </div>
      ) : (
        <p className="return-page__text">{t('return_page_stay')}</p>
      )}
    </TxResultScreen>
  );
}
