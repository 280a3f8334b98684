import { useEffect, useRef } from 'react';
import { useStoreState } from '../ui/useStoreState';
import {
  cryptoAmountText, formatAmount, formatPanamaDate, formatPanamaTime, imageUrl, receiptCardNumber, receiptDisplayStatus, receiptTitleKeyOfReceipt,
  type Language, type Receipt,
} from '@pasarela/core';
import { MerchantHeader } from '../kernel/MerchantHeader';
import { MessagePage } from '../kernel/MessagePage';
import { NOT_FOUND_PATH } from '../kernel/route';
import { useServices } from '../kernel/services';
import { hasText, t } from '../i18n/i18n';
import type { ReceiptStore } from './receiptStore';

/** The server's date as SPEC 9 writes dates (day/month/year hours:minutes:seconds, Panama time). */
function dateText(date: string): string {
  const at = Date.parse(date);
  return Number.isNaN(at) ? date : `${formatPanamaDate(at)} ${formatPanamaTime(at)}`;
}

function Line({ label, value }: { label: string; value: string }) {
  if (value.trim() === '') return null;
  return (
    <div className="receipt__line">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function ReceiptView({ receipt, lang, imageBase }: { receipt: Receipt; lang: Language; imageBase: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Each method's own status codes (a cash voucher's 2 is paid, a card's 2 captured), and its auth
  // status where the method's table has no declined code (a declined Yappy or Nequi, a cancelled crypto payment).
  const display = receiptDisplayStatus(receipt);
  const titleKey = receiptTitleKeyOfReceipt(receipt);
  const refund = receipt.refund;
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = t(titleKey);
  }, [titleKey]);
  const brandKey = `brand_${receipt.cardType}`;
  const brand = hasText(brandKey) ? t(brandKey) : (receipt.cardType ?? '');
  const card = [brand, receiptCardNumber(receipt.displayNum, receipt.type)].filter((s) => s !== '').join(' ');
  const merchantName = receipt.merchant?.merchantName ?? '';
  return (
    <main className="page page--receipt">
      <MerchantHeader name={merchantName} logo={imageUrl(receipt.merchant?.logo, imageBase)} />
      <section className="receipt" aria-labelledby="receipt-title">
        <p className={`receipt__badge receipt__badge--${display}`}>{t(`status_${display}`)}</p>
        <h1 id="receipt-title" className="receipt__title" tabIndex={-1} ref={heading}>
          {t(titleKey)}
        </h1>
        <p className="receipt__amount">{formatAmount(receipt.totalPay ?? 0, lang)}</p>
        {display === 'pending' ? <p className="receipt__note">{t('receipt_pending_note')}</p> : null}
        <dl className="receipt__lines">
          <Line label={t('receipt_operation')} value={receipt.codOper} />
          <Line label={t('receipt_date')} value={dateText(receipt.date ?? '')} />
          <Line label={t('receipt_merchant')} value={merchantName} />
          <Line label={t('receipt_card')} value={card} />
          <Line label={t('receipt_name')} value={receipt.name ?? receipt.txCtrl?.completeName ?? ''} />
          <Line label={t('receipt_concept')} value={receipt.concept || receipt.txCtrl?.description || ''} />
          <Line label={t('receipt_auth')} value={receipt.authStatus ?? ''} />
          <Line label={t('receipt_reference')} value={receipt.reference ?? ''} />
          {refund ? (
            <Line
              label={t('receipt_refund')}
              value={t(refund.status === 'refunded' ? 'receipt_refund_done' : 'receipt_refund_pending', {
                amount: cryptoAmountText(refund.amount), coin: refund.coin, to: refund.to || refund.network,
              })}
            />
          ) : null}
          {(receipt.taxAmount ?? 0) > 0 ? <Line label={t('receipt_tax')} value={formatAmount(receipt.taxAmount ?? 0, lang)} /> : null}
          <Line label={t('receipt_descriptor')} value={receipt.descriptor ?? ''} />
        </dl>
        <button type="button" className="button button--secondary receipt__print" onClick={() => window.print()}>
          {t('receipt_print')}
        </button>
      </section>
    </main>
  );
}

/** SPEC 2 /pf/default-receipt/{codOper}: the receipt, or /404 when there is none. */
export function ReceiptScreen({ store }: { store: ReceiptStore }) {
  const services = useServices();
  const state = useStoreState(store);
  useEffect(() => {
    if (state.status === 'notFound') services.navigate(NOT_FOUND_PATH);
  }, [state, services]);
  if (state.status === 'ready') return <ReceiptView receipt={state.receipt} lang={services.lang} imageBase={services.config.imageBase} />;
  if (state.status === 'failed') {
    return <MessagePage title={t('receive_not_found')} message={state.message} onRetry={() => void store.getState().load()} />;
  }
  return (
    <main className="page page--loading" aria-busy="true">
      <p className="page__text">{t('loading')}</p>
    </main>
  );
}
