import { useState } from 'react';
import { t } from '../../i18n/i18n';
import { checkoutTargetOf } from '../../logic/snippets';
import type { ConsoleStore } from '../../store/consoleStore';
import type { AdminApi } from '../../api/adminApi';
import { CheckoutResult, FormError } from '../CheckoutResult';
import { useSubmit } from '../useSubmit';
import { TextField, amountIn, typedPerLanguage, useAmountField } from './fields';
import { inField } from './checkedFields';
import { usePickedCurrency } from './MerchantPicker';
import { useFirstStep } from './useFirstStep';

/** A campaign is offered with every payment of its merchant: a fresh link of that merchant shows it. */
export function CampaignForm({ store, api, lang }: { store: ConsoleStore; api: AdminApi; lang: 'es' | 'en' }) {
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  // What the payer reads in each language; the title above where a title is left empty.
  const [titleEs, setTitleEs] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [textEs, setTextEs] = useState('');
  const [textEn, setTextEn] = useState('');
  // The price of the link that shows the campaign, in the merchant's currency (a link's example until typed).
  const currency = usePickedCurrency(store);
  const [amount, setAmount] = useAmountField('link', currency);
  const campaigns = useFirstStep<{ idBridge: number; offeredBridgeId: number | null }>();
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    const merchantId = store.getState().merchantId ?? undefined;
    const price = inField('amount', () => amountIn(amount, currency, 'aboveZero')) ?? Number.NaN;
    const titles = typedPerLanguage(titleEs, titleEn);
    const asked = { title, titles, ...(text.trim() ? { description: text } : {}), descriptions: typedPerLanguage(textEs, textEn), ...(merchantId ? { merchantId } : {}) };
    const bridge = await campaigns.make(asked, () => api.createCampaign(asked));
    // The link reads as the campaign in each language too.
    const link = await store.getState().createLink({ amount: price, description: title, descriptions: titles });
    campaigns.forget();
    return { id: bridge.idBridge, offered: bridge.offeredBridgeId, target: checkoutTargetOf(location.origin, { kind: 'link', code: link.code, url: link.url }, lang) };
  });
  return (
    <section className="card" aria-labelledby="create-campaign">
      <h3 id="create-campaign">{t('campaignTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('campaignName')} name="title" value={title} onChange={setTitle} required />
        <TextField label={t('campaignText')} name="description" value={text} onChange={setText} />
        <p className="hint">{t('campaignTextsHint')}</p>
        <div className="row">
          <TextField label={t('campaignNameEs')} name="titleEs" value={titleEs} onChange={setTitleEs} />
          <TextField label={t('campaignNameEn')} name="titleEn" value={titleEn} onChange={setTitleEn} />
        </div>
        <div className="row">
          <TextField label={t('campaignTextEs')} name="descriptionEs" value={textEs} onChange={setTextEs} />
          <TextField label={t('campaignTextEn')} name="descriptionEn" value={textEn} onChange={setTextEn} />
        </div>
        <TextField label={t('campaignAmount', { currency })} name="amount" value={amount} onChange={setAmount} inputMode="decimal" required />
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && <CheckoutResult title={createdTitle(result.id, result.offered)} target={result.target} />}
    </section>
  );
}

/** SPEC 4 "Campaign": payers are offered the merchant's first active campaign, which may not be the new one. */
function createdTitle(id: number, offered: number | null): string {
  if (offered === id) return t('campaignCreated', { id });
  if (offered === null) return t('campaignCreatedInactive', { id });
  return t('campaignCreatedBehind', { id, offered });
}
