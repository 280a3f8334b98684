import { useEffect, useRef } from 'react';
import { formatAmount, payerDateText, type Language } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import type { CashVoucher } from './api';
import { NETWORK_TEXT_KEYS, type CashNetwork } from '../../payments/cashNetworks';
import { VoucherCode } from '../../payments/VoucherCode';

interface VoucherPanelProps {
  voucher: CashVoucher;
  network: CashNetwork;
  total: number;
  lang: Language;
  onOtherMethod: () => void;
}

export function Expiry({ expiresAt, lang }: { expiresAt: string | null; lang: Language }) {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (Number.isNaN(at)) return <>{t('cash_expires_note')}</>;
  return (
    <>
      {payerDateText(at, lang, { offset: false })}
      <span className="voucher__note">{t('cash_panama_time')}</span>
    </>
  );
}

/** The end shows as a date, not a countdown: a ticking timer would speak every minute for a day. */
export function VoucherPanel({ voucher, network, total, lang, onOtherMethod }: VoucherPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const reference = voucher.reference ?? '';
  const amount = Number(voucher.totalAmount);
  const texts = NETWORK_TEXT_KEYS[network];
  // The sandbox mails the voucher to the payer's address (SPEC 3 "Cash result" user).
  const emailedTo = voucher.user.includes('@') ? voucher.user : '';
  return (
    <div className="voucher">
      <h2 className="method__title" tabIndex={-1} ref={heading}>
        {t('cash_voucher_title')}
      </h2>
      <p className="voucher__status" role="status">
        {t('payment_code_generated')}
      </p>
      <VoucherCode code={reference} />
      <dl className="voucher__lines">
        <div className="voucher__line">
          <dt>{t('total_label')}</dt>
          <dd>{formatAmount(Number.isFinite(amount) && amount > 0 ? amount : total, lang)}</dd>
        </div>
        <div className="voucher__line">
          <dt>{t('cash_where_label')}</dt>
          <dd>{t(texts.name)}</dd>
        </div>
        <div className="voucher__line">
          <dt>{t('cash_expires_label')}</dt>
          <dd>
            <Expiry expiresAt={voucher.expiresAt} lang={lang} />
          </dd>
        </div>
      </dl>
      <p className="method__text">{t(texts.instructions)}</p>
      {emailedTo ? <p className="method__text">{t('cash_emailed', { email: emailedTo })}</p> : null}
      <p className="waiting__hint">{t('cash_waiting')}</p>
      <div className="voucher__actions">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('cash_print')}
        </button>
        <button type="button" className="button button--link" onClick={onOtherMethod} aria-describedby="cash-other-method-note">
          {t('cash_other_method')}
        </button>
      </div>
      {/* Leaving asks nothing of the server. The voucher stays payable until it expires, or until
          another payment pays a single-use link's order (then the network refuses it): the note
          promises neither a double charge nor a voucher that always works. */}
      <p className="waiting__hint" id="cash-other-method-note">
        {t('cash_other_method_note')}
      </p>
    </div>
  );
}
