import { useEffect, useState } from 'react';
import { MessagePage } from '../../ui/MessagePage';
import { useServices } from '../../services/services';
import { t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import { formatAmount, shopLogoOf, shopNameOf, type Receipt } from '@pasarela/core';
import { MerchantHeader } from '../../ui/MerchantHeader';
import type { ReceiptsChunk } from '../../receipts/loadReceipts';
import type { ClaveReturnStore } from './returnStore';

export function ClaveReturnScreen({ store, receipts }: { store: ClaveReturnStore; receipts: ReceiptsChunk }) {
  const services = useServices();
  const state = useStoreState(store);
  useEffect(() => {
    // Replaces this address, so a reload shows the receipt without reporting again.
    if (state.status === 'receipt') services.navigate(state.to, { shown: true });
    else if (state.status === 'done') services.navigate(state.to);
  }, [state, services]);

  if (state.status === 'receipt') return <ReadReceipt receipt={state.receipt} receipts={receipts} />;
  if (state.status === 'failed') {
    return <MessagePage title={t('clave_returning')} message={state.message} onRetry={() => void store.getState().load()} />;
  }
  return <BankWait receipt={state.status === 'checking' ? state.receipt : undefined} />;
}

function BankWait({ receipt }: { receipt: Receipt | undefined }) {
  const services = useServices();
  const merchant = receipt?.merchant;
  return (
    <main className="page page--return" aria-busy="true">
      {merchant ? <MerchantHeader name={shopNameOf(merchant)} logo={shopLogoOf(merchant, services.config.imageBase)} /> : null}
      <h1 className="page__title">{t('clave_returning')}</h1>
      {receipt ? (
        <>
          <p className="page__text" role="status">
            {t('clave_bank_pending')}
          </p>
          <p className="page__text">{formatAmount(receipt.totalPay, services.lang)}</p>
        </>
      ) : null}
    </main>
  );
}

function ReadReceipt({ receipt, receipts }: { receipt: Receipt; receipts: ReceiptsChunk }) {
  const services = useServices();
  const [store] = useState(() => receipts.createReceiptStore(services.api, receipt.codOper, receipt));
  return <receipts.ReceiptScreen store={store} />;
}
