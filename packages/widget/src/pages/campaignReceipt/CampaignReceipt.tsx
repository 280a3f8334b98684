import { useEffect, useRef } from 'react';
import { formatAmount, receiptDateText, recordedPaymentResult, type Language } from '@pasarela/core';
import { MessagePage } from '../../ui/MessagePage';
import { WayOut } from '../../ui/WayOut';
import { useShopOf } from '../../ui/useShopOf';
import { NOT_FOUND_PATH, RECEIPT_PATH } from '../../services/route';
import { useServices } from '../../services/services';
import { t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import type { CampaignReceiptStore, CampaignTx } from './store';
import { LoadingPage } from '../../ui/Loading';

function DonationReceipt({ tx, lang }: { tx: CampaignTx; lang: Language }) {
  const services = useServices();
  const { shop, returnUrl } = useShopOf(tx.codOper);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = t('donation_receipt_title');
  }, []);
  // The donation went with its payment: SPEC 4's result of that payment, by its method's table.
  const result = recordedPaymentResult(tx);
  const badge = result === 'APPROVED' ? 'approved' : result === 'DECLINED' ? 'declined' : 'pending';
  return (
    <main className="page page--receipt">
      <WayOut shop={shop} returnUrl={returnUrl} />
      <section className="receipt" aria-labelledby="receipt-title">
        <p className={`receipt__badge receipt__badge--${badge}`}>{t(`status_${badge}`)}</p>
        <h1 id="receipt-title" className="receipt__title" tabIndex={-1} ref={heading}>
          {t('donation_receipt_title')}
        </h1>
        <p className="receipt__amount">{formatAmount(tx.amountToCampaign, lang, tx.currency)}</p>
        {badge === 'pending' ? <p className="receipt__note">{t('campaig_receive_process')}</p> : null}
        <dl className="receipt__lines">
          <div className="receipt__line">
            <dt>{t('donation_campaign')}</dt>
            <dd>{tx.campaign?.title || tx.campaign?.description || ''}</dd>
          </div>
          <div className="receipt__line">
            <dt>{t('receipt_operation')}</dt>
            <dd>{tx.codOper}</dd>
          </div>
          <div className="receipt__line">
            <dt>{t('receipt_date')}</dt>
            <dd>{receiptDateText(tx.date, lang)}</dd>
          </div>
        </dl>
        <button type="button" className="button button--secondary receipt__print" onClick={() => window.print()}>
          {t('receipt_print')}
        </button>
        <a className="button button--link" href={RECEIPT_PATH + encodeURIComponent(tx.codOper)} onClick={(e) => {
          e.preventDefault();
          services.navigate(RECEIPT_PATH + encodeURIComponent(tx.codOper));
        }}>
          {t('donation_payment_receipt')}
        </a>
      </section>
    </main>
  );
}

export function CampaignReceipt({ store }: { store: CampaignReceiptStore }) {
  const services = useServices();
  const state = useStoreState(store);
  useEffect(() => {
    if (state.status === 'notFound') services.navigate(NOT_FOUND_PATH);
  }, [state, services]);
  if (state.status === 'ready') return <DonationReceipt tx={state.tx} lang={services.lang} />;
  if (state.status === 'failed') return <MessagePage title={t('error_to_load')} message={state.message} onRetry={() => void store.getState().load()} />;
  return (
    <LoadingPage />
  );
}
