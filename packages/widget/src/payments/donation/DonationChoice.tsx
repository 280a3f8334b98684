import { useEffect, useRef } from 'react';
import { formatAmount, roundAmount, type CampaignBridge, type Currency, type Language } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { optionTileClass } from '../../ui/optionTile';
import { useStoreState } from '../../ui/useStoreState';
import type { DonationStore } from './donationStore';

interface DonationChoiceProps {
  bridge: CampaignBridge;
  store: DonationStore;
  lang: Language;
  /** The merchant's: the campaign's amounts are in it. */
  currency: Currency;
  disabled: boolean;
  total: number;
}

export function DonationChoice({ bridge, store, lang, currency, disabled, total }: DonationChoiceProps) {
  const state = useStoreState(store);
  const { campaign } = bridge;
  const money = (amount: number) => formatAmount(amount, lang, currency);
  const values = (campaign.defaultValues ?? []).filter((n) => n > 0);
  const limits = [
    campaign.minAmount ? t('donation_min', { amount: money(campaign.minAmount) }) : '',
    campaign.maxAmount ? t('donation_max', { amount: money(campaign.maxAmount) }) : '',
  ].filter((s) => s !== '').join(' · ');
  const added = state.amount;
  // Pay refused the amount: the focus on its field, which reads its message (PRODUCT: after a failure the focus is on the field to fix).
  const amountInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (state.focusRequest) amountInput.current?.focus();
  }, [state.focusRequest]);
  const option = (value: string, label: string) => (
    <label className={optionTileClass({ chosen: state.choice === value, disabled })} key={value}>
      <input type="radio" name="donation" value={value} checked={state.choice === value} disabled={disabled} onChange={() => store.getState().choose(value)} />
      <span className="method-option__name">{label}</span>
    </label>
  );
  return (
    <fieldset className="donation" disabled={disabled}>
      {/* The campaign's title is its own call to action ("Dona a ..."); the catalogue phrase frames a bare name. */}
      <legend className="donation__title">{campaign.title || t('donation_title', { campaign: campaign.description })}</legend>
      {campaign.description && campaign.title ? <p className="donation__text">{campaign.description}</p> : null}
      <div className="methods__options">
        {option('none', t('donation_skip'))}
        {values.map((n) => option(String(n), money(n)))}
        {option('other', t('donation_other'))}
      </div>
      {state.choice === 'other' ? (
        <Field
          name="donationAmount"
          label={t('donation_amount_label')}
          value={state.other}
          inputMode={currency === 'COP' ? 'numeric' : 'decimal'}
          autoComplete="transaction-amount"
          hint={limits || undefined}
          error={state.error ? t(state.error, { min: money(campaign.minAmount ?? 0), max: money(campaign.maxAmount ?? 0) }) : undefined}
          live={!state.saidByPay}
          inputRef={(el) => {
            amountInput.current = el;
          }}
          onValue={(value) => store.getState().setOther(value)}
          onBlur={() => store.getState().checkOther()}
        />
      ) : null}
      <p className="donation__total" aria-live="polite">
        {added > 0 ? t('donation_total', { amount: money(roundAmount(total + added)), donation: money(added) }) : ''}
      </p>
    </fieldset>
  );
}
