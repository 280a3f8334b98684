import { formatAmount, subscriptionPeriodCode, type Currency, type Language, type PendingSubscription } from '@pasarela/core';
import { t } from '../../i18n/i18n';

/** The plan's price in the merchant's currency, as the payer's language writes it (core formatAmount). */
export function PlanSummary({ subscription, lang, currency }: { subscription: PendingSubscription; lang: Language; currency: Currency }) {
  const { plan } = subscription;
  const code = subscriptionPeriodCode(plan.period);
  return (
    <section className="plan" aria-labelledby="plan-title">
      <h2 id="plan-title" className="plan__title">{t('subscription_title', { plan: plan.name })}</h2>
      <p className="plan__every">
        {t('subscription_every', { amount: formatAmount(plan.amount, lang, currency), period: code ? t(`period_${code}`) : plan.period })}
      </p>
    </section>
  );
}
