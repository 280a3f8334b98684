import { useEffect } from 'react';
import { MessagePage } from '../../ui/MessagePage';
import { useServices } from '../../services/services';
import { t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import type { ClaveReturnStore } from './returnStore';

/** What the payer sees back from the bank: a short check, then the receipt or the form. */
export function ClaveReturnScreen({ store }: { store: ClaveReturnStore }) {
  const services = useServices();
  const state = useStoreState(store);
  useEffect(() => {
    // Replaces this address, so a reload shows the receipt without reporting again.
    if (state.status === 'done') services.navigate(state.to);
  }, [state, services]);

  if (state.status === 'failed') {
    return <MessagePage title={t('clave_returning')} message={state.message} onRetry={() => void store.getState().load()} />;
  }
  return (
    <main className="page page--loading" aria-busy="true">
      <p className="page__text" role="status">
        {t('clave_returning')}
      </p>
    </main>
  );
}
