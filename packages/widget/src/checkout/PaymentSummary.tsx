import { formatAmount, roundAmount, totalWithTax, type Currency, type Language, type PaymentInfo } from '@pasarela/core';
import { t } from '../i18n/i18n';

/** In the merchant's currency, as the payer's language and the merchant's country write it (core formatAmount); `heading`: h2 under a page's own title (a payment waiting elsewhere, asked about first). */
export function PaymentSummary({ info, lang, currency, donation = 0, heading: Heading = 'h1' }: { info: PaymentInfo; lang: Language; currency: Currency; donation?: number; heading?: 'h1' | 'h2' }) {
  const total = roundAmount(totalWithTax(info.amount, info.taxAmount) + donation);
  return (
    <section className="summary" aria-labelledby="summary-description">
      <Heading id="summary-description" className="summary__description">
        {info.detail || info.description}
      </Heading>
      <dl className="summary__lines">
        {info.taxAmount > 0 || donation > 0 ? (
          <>
            <div className="summary__line">
              <dt>{t('amount_label')}</dt>
              <dd>{formatAmount(info.amount, lang, currency)}</dd>
            </div>
            {info.taxAmount > 0 ? (
              <div className="summary__line">
                <dt>{t('tax_label')}</dt>
                <dd>{formatAmount(info.taxAmount, lang, currency)}</dd>
              </div>
            ) : null}
            {donation > 0 ? (
              <div className="summary__line">
                <dt>{t('summary_donation')}</dt>
                <dd>{formatAmount(donation, lang, currency)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
        <div className="summary__line summary__line--total">
          <dt>{t('total_label')}</dt>
          <dd>{formatAmount(total, lang, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
