import { formatAmount, roundAmount, type CampaignBridge, type Language } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { optionTileClass } from '../../ui/optionTile';
import { useStoreState } from '../../ui/useStoreState';
import { chosenDonationAmount, type DonationStore } from './donationStore';

export function DonationChoice({ bridge, store, lang, disabled, total }: { bridge: CampaignBridge; store: DonationStore; lang: Language; disabled: boolean; total: number }) {
  const state = useStoreState(store);
  const { campaign } = bridge;
  const values = (campaign.defaultValues ?? []).filter((n) => n > 0);
  const limits = [
    campaign.minAmount ? t('donation_min', { amount: formatAmount(campaign.minAmount, lang) }) : '',
    campaign.maxAmount ? t('donation_max', { amount: formatAmount(campaign.maxAmount, lang) }) : '',
  ].filter((s) => s !== '').join(' · ');
  const added = chosenDonationAmount(state);
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
        {values.map((n) => option(String(n), formatAmount(n, lang)))}
        {option('other', t('donation_other'))}
      </div>
      {state.choice === 'other' ? (
        <Field
          name="donationAmount"
          label={t('donation_amount_label')}
          value={state.other}
          inputMode="decimal"
          autoComplete="transaction-amount"
          hint={limits || undefined}
          error={state.error ? t(state.error) : undefined}
          onValue={(value) => store.getState().setOther(value)}
          onBlur={() => store.getState().checkOther()}
        />
      ) : null}
      <p className="donation__total" aria-live="polite">
        {added > 0 ? t('donation_total', { amount: formatAmount(roundAmount(total + added), lang), donation: formatAmount(added, lang) }) : ''}
      </p>
    </fieldset>
  );
}
