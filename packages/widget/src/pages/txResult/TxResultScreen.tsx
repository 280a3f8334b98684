import { useEffect, useRef, type ReactNode } from 'react';
import { formatAmount, maskedCardName, receiptIsHold, shopNameOf, statusFamilyOf, type CatalogKey, type OverallResult, type Receipt } from '@pasarela/core';
import { METHOD_KEYS } from '../../receipts/methodNames';
import { MaskedNumber } from '../../ui/MaskedNumber';
import { MessagePage } from '../../ui/MessagePage';
import { NOT_FOUND_PATH, RECEIPT_PATH } from '../../services/route';
import { useServices } from '../../services/services';
import { hasText, t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import type { TxResultStore } from './store';
import { CardMark, knownCardBrand } from '../../ui/marks/CardMark';
import { LoadingPage } from '../../ui/Loading';

const TITLE: Readonly<Record<OverallResult, CatalogKey>> = {
  APPROVED: 'tx_result_approved',
  PENDING: 'tx_result_pending',
  DECLINED: 'tx_result_declined',
  ERROR: 'tx_result_declined',
};
const TONE: Readonly<Record<OverallResult, string>> = { APPROVED: 'approved', PENDING: 'pending', DECLINED: 'declined', ERROR: 'declined' };

/** A manual-capture hold is APPROVED to the shop, but nothing is taken yet: it says held, as its receipt does. */
function titleOf(receipt: Receipt, result: OverallResult): CatalogKey {
  return receiptIsHold(receipt) ? 'status_held' : TITLE[result];
}

export function TxResultScreen({ store, children }: { store: TxResultStore; children?: ReactNode }) {
  const services = useServices();
  const state = useStoreState(store);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status === 'notFound') services.navigate(NOT_FOUND_PATH);
    if (state.status === 'ready') {
      document.title = t(titleOf(state.receipt, state.result));
      heading.current?.focus();
    }
  }, [state, services]);

  if (state.status === 'failed') return <MessagePage title={t('error_to_load')} message={state.message} onRetry={() => void store.getState().load()} />;
  // On its way to /404: no note here, the page's wait has its own (one wait, "Cargando..." said once).
  if (state.status !== 'ready') return state.status !== 'notFound' && <LoadingPage />;
  const { receipt, result } = state;
  const receiptPath = RECEIPT_PATH + encodeURIComponent(receipt.codOper);
  // Server text (the gateway's reason) is shown as a text node, never as markup.
  const serverReason = result === 'DECLINED' || result === 'ERROR' ? receipt.messageSys : '';
  const reason = serverReason !== '' && hasText(serverReason) ? t(serverReason) : serverReason;
  const cardBrand = knownCardBrand(receipt.cardType);
  const cardName = receipt.cardType ? maskedCardName(receipt.cardType, receipt.displayNum) : null;
  return (
    <main className="page page--receipt">
      <section className="receipt" aria-labelledby="tx-result-title">
        <p className={`receipt__badge receipt__badge--${TONE[result]}`}>{(receipt.merchant ? shopNameOf(receipt.merchant) : '') || receipt.descriptor}</p>
        <h1 id="tx-result-title" className="receipt__title" tabIndex={-1} ref={heading}>
          {t(titleOf(receipt, result))}
        </h1>
        <p className="receipt__amount">{formatAmount(receipt.totalPay, services.lang, receipt.currency)}</p>
        {receiptIsHold(receipt) ? <p className="receipt__note">{t('receipt_hold_note')}</p> : null}
        {reason ? <p className="receipt__note" role="alert">{reason}</p> : null}
        <dl className="receipt__lines">
          <div className="receipt__line">
            <dt>{t('receipt_operation')}</dt>
            <dd>{receipt.codOper}</dd>
          </div>
          <div className="receipt__line">
            <dt>{t('tx_result_method')}</dt>
            <dd>
              {cardBrand ? <CardMark brand={cardBrand} /> : null}
              {cardName ? <MaskedNumber name={cardName} /> : t(METHOD_KEYS[statusFamilyOf(receipt.typeMethod)])}
            </dd>
          </div>
          <div className="receipt__line">
            <dt>{t('receipt_date')}</dt>
            <dd>{receipt.date}</dd>
          </div>
        </dl>
        {children}
        <a
          className="button button--link"
          href={receiptPath}
          onClick={(e) => {
            e.preventDefault();
            services.navigate(receiptPath);
          }}
        >
          {t('tx_result_view_receipt')}
        </a>
      </section>
    </main>
  );
}
