import { useState } from 'react';
import { moneyText, t } from '../../i18n/i18n';
import type { ConsoleStore } from '../../store/consoleStore';
import { checkoutTargetOf } from '../../logic/snippets';
import { CopyButton } from '../CopyButton';
import { CheckoutResult, FormError } from '../CheckoutResult';
import { useSubmit } from '../useSubmit';
import { failureText } from '../failureText';
import { CURRENCY_RULES, currencyOfCountry } from '@pasarela/core';
import { SelectField, TextField, amountIn } from './fields';
import { inField } from './checkedFields';

/** A merchant; its secret key and webhook secret are shown this once (only a hash is kept). */
export function MerchantForm({ store, lang }: { store: ConsoleStore; lang: 'es' | 'en' }) {
  const [name, setName] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [country, setCountry] = useState<'PA' | 'CO'>('PA');
  const currency = currencyOfCountry(country);
  const [txLimit, setTxLimit] = useState(String(CURRENCY_RULES.USD.defaultTxLimit));
  // The country sets the currency (USD in Panama, COP in Colombia), and the limit's default with it.
  const pickCountry = (picked: string) => {
    const next = picked === 'CO' ? 'CO' : 'PA';
    setCountry(next);
    setTxLimit(String(CURRENCY_RULES[currencyOfCountry(next)].defaultTxLimit));
  };
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    const merchant = await store.getState().createMerchant({
      name, country, ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim() } : {}), txLimit: inField('txLimit', () => amountIn(txLimit, currency, 'zeroOrMore')) ?? CURRENCY_RULES[currency].defaultTxLimit,
    });
    // A first link of the new merchant, so there is a checkout to open (and webhooks to see) at once: ten dollars, or forty thousand pesos.
    // Its keys are shown whatever becomes of the link (a limit under its amount refuses it): they are shown this once.
    // The amount and the refusal are worded when shown, so in the language on screen then.
    const amount = currency === 'COP' ? 40_000 : 10;
    try {
      const link = await store.getState().createLink({ amount, description: name.trim() });
      return { ...merchant, linkAmount: { amount, currency }, target: checkoutTargetOf(location.origin, { kind: 'link', code: link.code, url: link.url }, lang), linkError: null };
    } catch (e) {
      return { ...merchant, linkAmount: { amount, currency }, target: null, linkError: { cause: e } };
    }
  });
  return (
    <section className="card" aria-labelledby="create-merchant">
      <h3 id="create-merchant">{t('merchantTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('merchantName')} name="name" value={name} onChange={setName} required />
        <TextField label={t('webhookUrl')} name="webhookUrl" value={webhookUrl} onChange={setWebhookUrl} type="url" inputMode="url" />
        <SelectField label={t('merchantCountry')} name="country" value={country} onChange={pickCountry}>
          <option value="PA">{t('countryPanama')}</option>
          <option value="CO">{t('countryColombia')}</option>
        </SelectField>
        <TextField label={t('txLimit', { currency })} name="txLimit" value={txLimit} onChange={setTxLimit} inputMode="decimal" />
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && (
        <div className="result">
          {/* Only the title is said: the keys and the link are there to read and copy. */}
          <p className="result-title" role="status">{t('merchantCreated', { id: result.idMerchant })}</p>
          <p className="hint">{t('shownOnce')}</p>
          <dl className="secrets">
            <dt>{t('secretKey')}</dt>
            <dd><code>{result.secretKey}</code> <CopyButton text={result.secretKey} what={t('secretKey')} /></dd>
            <dt>{t('webhookSecret')}</dt>
            <dd><code>{result.webhookSecret}</code> <CopyButton text={result.webhookSecret} what={t('webhookSecret')} /></dd>
          </dl>
          {result.target
            ? <CheckoutResult title={t('merchantLink', { amount: moneyText(result.linkAmount.amount, result.linkAmount.currency) })} target={result.target} announce={false} />
            : <p className="error">{t('merchantLinkFailed', { amount: moneyText(result.linkAmount.amount, result.linkAmount.currency), message: result.linkError ? failureText(result.linkError.cause) : '' })}</p>}
        </div>
      )}
    </section>
  );
}
