import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useStoreState } from '../ui/useStoreState';
import {
  amountToCents, centsToAmount, cryptoAmountText, formatAmount, groupVoucherCode, maskedCardName, receiptBadgeKey, receiptCardNumber, payerDateText, receiptConcept, receiptDateText, receiptDisplayStatus,
  receiptFields, receiptIsHold, receiptStatusFamily, receiptTitleKeyOfReceipt, GATEWAY_CODES,
  type CatalogKey, type MaskedName, type Language, type Receipt, type ReceiptField, type StatusFamily,
  shopLogoOf, shopNameOf, subscriptionPeriodCode,
} from '@pasarela/core';
import { ShopReturn, WayOut } from '../ui/WayOut';
import { MessagePage } from '../ui/MessagePage';
import { NOT_FOUND_PATH } from '../services/route';
import { useServices } from '../services/services';
import { hasText, t } from '../i18n/i18n';
import { NETWORK_TEXT_KEYS, type CashNetwork } from '../payments/cashNetworks';
import type { ReceiptStore } from './receiptStore';
import { CardMark, knownCardBrand } from '../ui/marks/CardMark';
import { LoadingPage } from '../ui/Loading';
import { MaskedNumber } from '../ui/MaskedNumber';
import { PaidElsewhereReceipt } from './PaidElsewhereReceipt';
import { METHOD_KEYS } from './methodNames';

/** `token`: a value read as one piece never breaks inside; it moves whole under its label. */
function Line({ label, value, token = false, mark, named, children }: { label: string; value: string; token?: boolean; mark?: ReactNode; named?: MaskedName | null | undefined; children?: ReactNode }) {
  if (value.trim() === '') return null;
  return (
    <div className={token ? 'receipt__line receipt__line--token' : 'receipt__line'}>
      <dt>{label}</dt>
      <dd>
        {mark}
        {named ? <MaskedNumber name={named} /> : value}
        {children}
      </dd>
    </div>
  );
}


function cashNetworkOf(receipt: Receipt, family: StatusFamily): CashNetwork {
  if (receipt.network === GATEWAY_CODES.payCash || receipt.network === GATEWAY_CODES.cashPoint) return receipt.network;
  return family === 'cashPoint' ? GATEWAY_CODES.cashPoint : GATEWAY_CODES.payCash;
}

type VoucherCodeView = ComponentType<{ code: string }>;

/** The barcode library loads with the cash voucher chunk, out of every other page. */
function PendingVoucherCode({ code }: { code: string }) {
  const [View, setView] = useState<VoucherCodeView | null>(null);
  useEffect(() => {
    let live = true;
    import('../payments/VoucherCode')
      .then((m) => {
        if (live) setView(() => m.VoucherCode);
      })
      .catch(() => undefined); // the grouped digits below still show
    return () => {
      live = false;
    };
  }, []);
  if (View) return <View code={code} />;
  return (
    <div className="voucher__code-box">
      <p className="voucher__label">{t('cash_code_label')}</p>
      <p className="voucher__code">{groupVoucherCode(code)}</p>
    </div>
  );
}

/** A subscription's receipt (its charge approved, or its card kept) says how much and how often, and its next charge. */
function SubscriptionLines({ subscription, lang, currency }: { subscription: NonNullable<Receipt['subscription']>; lang: Language; currency: Receipt['currency'] }) {
  const amount = formatAmount(subscription.amount, lang, currency);
  const code = subscriptionPeriodCode(subscription.period);
  const next = Date.parse(subscription.nextChargeAt ?? '');
  return (
    <>
      <Line label={t('receipt_subscription_period')} value={t('receipt_subscription_period_value', { amount, period: code ? t(`period_${code}`) : subscription.period })} />
      {Number.isNaN(next) ? null : <Line label={t('receipt_next_charge')} value={t('receipt_next_charge_value', { amount, date: payerDateText(next, lang, { time: false }) })} />}
    </>
  );
}

function ReceiptView({ receipt, lang, imageBase }: { receipt: Receipt; lang: Language; imageBase: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Each method's own status codes (a voucher's 2 is paid, a card's 2 captured), with the auth status where they list no decline.
  const display = receiptDisplayStatus(receipt);
  const titleKey = receiptTitleKeyOfReceipt(receipt);
  const family = receiptStatusFamily(receipt);
  const fields = new Set<ReceiptField>(receiptFields(receipt));
  const refund = receipt.refund;
  const overpayment = receipt.overpayment;
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = t(titleKey);
  }, [titleKey]);
  const cardName = maskedCardName(receipt.cardType, receiptCardNumber(receipt.displayNum, receipt.type));
  const cardBrand = knownCardBrand(receipt.cardType);
  // One name for the shop, as payers know it; the bank statement's descriptor is a line of its own.
  const shopName = receipt.merchant ? shopNameOf(receipt.merchant) : '';
  const cash = family === 'cash' || family === 'cashPoint';
  const network = NETWORK_TEXT_KEYS[cashNetworkOf(receipt, family)];
  const voucherToPay = cash && display === 'pending';
  const code = receipt.reference ?? '';
  // "Efectivo · Punto de pago (PC)": the network's own name carries parentheses.
  const method = cash && receipt.network ? `${t(METHOD_KEYS[family])} · ${t(network.name)}` : t(METHOD_KEYS[family]);
  const deadline = Date.parse(receipt.expirationDate ?? '');
  const show = (field: ReceiptField) => fields.has(field);
  const paid = receipt.totalPay ?? 0;
  const refunded = receipt.refundedAmount ?? 0;
  // A subscription's proof only (not its declined or refunded charge).
  const subscription = titleKey === 'receipt_subscription_proof' ? receipt.subscription : null;
  return (
    <main className="page page--receipt">
      {/* The way out besides printing: the loader's close embedded, back to the shop as a full page. */}
      <WayOut shop={{ name: shopName, logo: receipt.merchant ? shopLogoOf(receipt.merchant, imageBase) : '' }} returnUrl={receipt.returnUrlString} />
      <section className="receipt" aria-labelledby="receipt-title">
        <p id="receipt-status" className={`receipt__badge receipt__badge--${display}`}>{t(receiptBadgeKey(receipt))}</p>
        {/* Focused on arrival: the outcome and the amount are heard with it, though the badge comes before it. */}
        <h1 id="receipt-title" className="receipt__title" tabIndex={-1} ref={heading} aria-describedby="receipt-status receipt-amount">
          {t(titleKey)}
        </h1>
        <p id="receipt-amount" className="receipt__amount">{formatAmount(receipt.totalPay ?? 0, lang, receipt.currency)}</p>
        {voucherToPay ? (
          <>
            <p className="receipt__text">{`${t(network.instructions)} ${t('receipt_voucher_note')}`}</p>
            {show('voucherCode') ? <PendingVoucherCode code={code} /> : null}
          </>
        ) : display === 'pending' || receiptIsHold(receipt) ? (
          // A hold (manual capture): reserved on the card, taken only once the shop confirms the order.
          <p className="receipt__note">{t(display === 'pending' ? 'receipt_pending_note' : 'receipt_hold_note')}</p>
        ) : null}
        <dl className="receipt__lines">
          <Line label={t('receipt_operation')} value={receipt.codOper} token />
          {show('date') ? <Line label={t('receipt_date')} value={receiptDateText(receipt.date ?? '', lang)} /> : null}
          {show('merchant') ? <Line label={t('receipt_merchant')} value={shopName} /> : null}
          {show('method') ? <Line label={t('payment_method_label')} value={method} /> : null}
          {show('card') ? <Line label={t('receipt_card')} value={cardName?.shown ?? ''} named={cardName} mark={cardBrand ? <CardMark brand={cardBrand} /> : null} /> : null}
          {show('name') ? <Line label={t('receipt_name')} value={receipt.name || receipt.txCtrl?.completeName || ''} /> : null}
          {show('concept') ? <Line label={t('receipt_concept')} value={receiptConcept(receipt)} /> : null}
          {show('authorization') ? <Line label={t('receipt_auth')} value={receipt.authStatus ?? ''} token /> : null}
          {show('voucherCode') && !voucherToPay ? <Line label={t('cash_code_label')} value={groupVoucherCode(code)} token /> : null}
          {show('voucherWhere') ? <Line label={t('cash_where_label')} value={t(network.where)} /> : null}
          {show('voucherDeadline') && !Number.isNaN(deadline) ? (
            <Line label={t('cash_expires_label')} value={payerDateText(deadline, lang, { offset: false })}>
              <span className="voucher__note">{t('cash_panama_time')}</span>
            </Line>
          ) : null}
          {show('reference') ? <Line label={t('receipt_reference')} value={receipt.reference ?? ''} token /> : null}
          {show('refund') && refund ? (
            <Line
              label={t('receipt_refund')}
              value={t(refund.status === 'refunded' ? 'receipt_refund_done' : 'receipt_refund_pending', {
                amount: cryptoAmountText(refund.amount), coin: refund.coin, to: refund.to || refund.network,
              })}
            />
          ) : null}
          {show('overpayment') && overpayment ? (
            <Line
              label={t('receipt_overpayment')}
              value={t(overpayment.status === 'refunded' ? 'receipt_overpayment_done' : 'receipt_overpayment_pending', {
                amount: cryptoAmountText(overpayment.amount), coin: overpayment.coin, to: overpayment.to || overpayment.network,
              })}
            />
          ) : null}
          {show('refunded') ? <Line label={t('receipt_refunded')} value={formatAmount(refunded, lang, receipt.currency)} /> : null}
          {show('refunded') && refunded < paid ? <Line label={t('receipt_after_refunds')} value={formatAmount(centsToAmount(amountToCents(paid) - amountToCents(refunded)), lang, receipt.currency)} /> : null}
          {show('tax') ? <Line label={t('receipt_tax')} value={formatAmount(receipt.taxAmount ?? 0, lang, receipt.currency)} /> : null}
          {show('descriptor') ? <Line label={t('receipt_descriptor')} value={receipt.descriptor ?? ''} /> : null}
          {subscription ? <SubscriptionLines subscription={subscription} lang={lang} currency={receipt.currency} /> : null}
        </dl>
        {/* How it ends: its shop cancels it, so the payer asks the shop (as the terms above Pay said), or the shop has. */}
        {subscription ? <p className="receipt__note">{subscription.cancelled ? t('subscription_cancelled_by_shop') : t('subscription_cancel_how', { shop: shopName })}</p> : null}
        <button type="button" className="button button--secondary receipt__print" onClick={() => window.print()}>
          {t(voucherToPay ? 'cash_print' : 'receipt_print')}
        </button>
        <ShopReturn shopName={shopName} returnUrl={receipt.returnUrlString} />
      </section>
    </main>
  );
}

export function ReceiptScreen({ store }: { store: ReceiptStore }) {
  const services = useServices();
  const state = useStoreState(store);
  useEffect(() => {
    if (state.status === 'notFound') services.navigate(NOT_FOUND_PATH);
  }, [state, services]);
  if (state.status === 'ready' && state.receipt.paidBy) return <PaidElsewhereReceipt receipt={state.receipt} paidBy={state.receipt.paidBy} imageBase={services.config.imageBase} />;
  // Keyed by its status: a pending payment that is decided while in view is drawn anew, its heading
  // focused, so the outcome is heard.
  if (state.status === 'ready') return <ReceiptView key={receiptDisplayStatus(state.receipt)} receipt={state.receipt} lang={services.lang} imageBase={services.config.imageBase} />;
  if (state.status === 'failed') {
    return <MessagePage title={t('receive_not_found')} message={state.message} onRetry={() => void store.getState().load()} />;
  }
  // On its way to /404: no note here, the page's wait has its own (one wait, "Cargando..." said once).
  return state.status !== 'notFound' && <LoadingPage />;
}
