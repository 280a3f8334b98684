import { formatAmount, nextSubscriptionChargeDate, subscriptionPeriodCode, type Currency, type Language, type PendingSubscription } from '@pasarela/core';
import { t } from '../../i18n/i18n';

/**
 * The plan's price in the merchant's currency, as the payer's language writes it (core formatAmount).
 * A plan that charges first when due says nothing is charged today, and the day of its first charge
 * (a period after today, as the activation sets it), in Panama's calendar.
 */
export function PlanSummary({ subscription, lang, currency, now = Date.now() }: { subscription: PendingSubscription; lang: Language; currency: Currency; now?: number }) {
  const { plan } = subscription;
  const code = subscriptionPeriodCode(plan.period);
  const amount = formatAmount(plan.amount, lang, currency);
  const firstCharge = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'America/Panama' }).format(nextSubscriptionChargeDate(code ?? plan.period, now));
  return (
    <section className="plan" aria-labelledby="plan-title">
      <h2 id="plan-title" className="plan__title">{t('subscription_title', { plan: plan.name })}</h2>
      <p className="plan__every">
        {t('subscription_every', { amount, period: code ? t(`period_${code}`) : plan.period })}
      </p>
      {plan.chargeNow ? null : <p className="plan__first-charge">{t('subscription_first_charge', { amount, date: firstCharge })}</p>}
    </section>
  );
}

/** Above Pay: what paying commits the card to (in the extras' chunk, loaded with every subscription). */
export function subscriptionTerms(subscription: PendingSubscription, shop: string, lang: Language, currency: Currency): string {
  const { plan } = subscription;
  const code = subscriptionPeriodCode(plan.period);
  return t('subscription_pay_terms', { amount: formatAmount(plan.amount, lang, currency), period: code ? t(`period_${code}`) : plan.period, shop });
}

/**
 * The form's submit button for a plan that charges first when due: nothing is paid today, so it
 * says what pressing it does ("Suscribirme"); a plan that charges at once keeps "Pagar $X".
 */
export function subscriptionSubmitLabel(subscription: PendingSubscription): string | undefined {
  return subscription.plan.chargeNow ? undefined : t('subscribe_button');
}
