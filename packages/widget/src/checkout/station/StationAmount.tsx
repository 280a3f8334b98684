import { useEffect, useState, type FormEvent } from 'react';
import { shopLogoOf, shopNameOf, type Merchant, type PaymentInfo } from '@pasarela/core';
import { MerchantHeader } from '../../ui/MerchantHeader';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { useStoreState } from '../../ui/useStoreState';
import { createAmountStore } from './amountStore';

/** `amount`: the one entered before, kept in the field when the payer comes back from the payment step to change it. */
export function StationAmount({ info, merchant, amount = null, onAmount }: { info: PaymentInfo; merchant: Merchant; amount?: number | null; onAmount: (amount: number) => void }) {
  const pesos = merchant.currency === 'COP';
  const [store] = useState(() => createAmountStore({ txLimit: merchant.txLimit, currency: merchant.currency, ...(amount === null ? {} : { value: amount.toFixed(pesos ? 0 : 2) }) }));
  const state = useStoreState(store);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = store.getState().submit();
    if (amount === null) document.getElementById('field-amount')?.focus();
    else onAmount(amount);
  };
  useEffect(() => {
    document.title = `${t('station_amount_title')} · ${shopNameOf(merchant)}`;
  }, [merchant]);
  // The station's one field takes the focus on arrival: the payer types the amount at once.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) document.getElementById('field-amount')?.focus();
  }, []);
  return (
    <main className="page page--checkout">
      <MerchantHeader name={shopNameOf(merchant)} logo={shopLogoOf(merchant, '')} />
      <section className="summary">
        <h1 className="summary__description">{info.detail || info.description}</h1>
      </section>
    <form className="method-form" noValidate onSubmit={submit} aria-labelledby="station-amount-title">
      <h2 id="station-amount-title" className="method-form__title">{t('station_amount_title')}</h2>
      <Field
        name="amount"
        label={t('station_amount_label')}
        value={state.value}
        inputMode={pesos ? 'numeric' : 'decimal'}
        autoComplete="transaction-amount"
        hint={t(pesos ? 'station_amount_hint_cop' : 'station_amount_hint')}
        error={state.error ? t(state.error) : undefined}
        onValue={(value) => store.getState().setValue(value)}
      />
      <button type="submit" className="button button--primary">{t('continue_button')}</button>
    </form>
    </main>
  );
}

/** On the payment step, while no payment is under way: back to the amount step to correct the amount. */
export function ChangeAmount({ onChange }: { onChange: () => void }) {
  return (
    <button type="button" className="button button--link" onClick={onChange}>
      {t('station_change_amount')}
    </button>
  );
}
