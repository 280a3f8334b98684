import { useState } from 'react';
import { methodTakesCurrency } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { checkoutTargetOf } from '../../logic/snippets';
import type { ConsoleStore } from '../../store/consoleStore';
import { CheckoutResult, FormError } from '../CheckoutResult';
import { useSubmit } from '../useSubmit';
import { CheckField, TextField, amountIn, useAmountField, minutesOrUndefined, typedPerLanguage } from './fields';
import { MerchantPicker, usePickedCurrency } from './MerchantPicker';
import { inField } from './checkedFields';

const ACCEPTED = ['VISA', 'MC', 'AMEX', 'NEQUI', 'YAPPY', 'CLAVE', 'CASH', 'CRYPTO'] as const;
/** A link's token as core names its method: a card brand is a card. */
const methodOfToken = (token: (typeof ACCEPTED)[number]) => (token === 'VISA' || token === 'MC' || token === 'AMEX' ? 'card' : token.toLowerCase());

export function LinkForm({ store, lang }: { store: ConsoleStore; lang: 'es' | 'en' }) {
  const currency = usePickedCurrency(store);
  const [amount, setAmount] = useAmountField('link', currency);
  const [tax, setTax] = useAmountField('linkTax', currency);
  const [description, setDescription] = useState('');
  // What the payer reads in each language; the description above where one is left empty.
  const [descriptionEs, setDescriptionEs] = useState('');
  const [descriptionEn, setDescriptionEn] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [expiresMin, setExpiresMin] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  const [manualCapture, setManualCapture] = useState(false);
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    const minutes = inField('expiresInMinutes', () => minutesOrUndefined(expiresMin));
    // Ticked for a merchant of another currency, then hidden: not sent.
    const taken = types.filter((type) => ACCEPTED.some((token) => token === type && methodTakesCurrency(methodOfToken(token), currency)));
    const created = await store.getState().createLink({
      amount: inField('amount', () => amountIn(amount, currency, 'aboveZero')) ?? Number.NaN,
      taxAmount: inField('taxAmount', () => amountIn(tax, currency, 'zeroOrMore')) ?? 0,
      description,
      descriptions: typedPerLanguage(descriptionEs, descriptionEn),
      ...(taken.length > 0 ? { cardTypes: taken } : {}),
      ...(minutes === undefined ? {} : { expiresInSeconds: minutes * 60 }),
      singleUse,
      ...(manualCapture ? { captureMethod: 'manual' as const } : {}),
    });
    return { code: created.code, target: checkoutTargetOf(location.origin, { kind: 'link', code: created.code, url: created.url }, lang) };
  });
  const toggle = (type: string, on: boolean) => setTypes((now) => (on ? [...now, type] : now.filter((x) => x !== type)));
  return (
    <section className="card" aria-labelledby="create-link">
      <h3 id="create-link">{t('linkTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <MerchantPicker store={store} />
        <div className="row">
          <TextField label={t('amount', { currency })} name="amount" value={amount} onChange={setAmount} inputMode="decimal" required />
          <TextField label={t('taxAmount', { currency })} name="taxAmount" value={tax} onChange={setTax} inputMode="decimal" />
        </div>
        <TextField label={t('description')} name="description" value={description} onChange={setDescription} required />
        <p className="hint">{t('descriptionsHint')}</p>
        <div className="row">
          <TextField label={t('descriptionEs')} name="descriptionEs" value={descriptionEs} onChange={setDescriptionEs} />
          <TextField label={t('descriptionEn')} name="descriptionEn" value={descriptionEn} onChange={setDescriptionEn} />
        </div>
        <fieldset>
          <legend>{t('cardTypes')}</legend>
          <p className="hint">{t('cardTypesHint')}</p>
          <div className="checks">
            {/* Only what the merchant's currency can pay with: Yappy, Clave, cash and crypto are Panama's, in dollars (core methodTakesCurrency). */}
            {ACCEPTED.filter((type) => methodTakesCurrency(methodOfToken(type), currency)).map((type) => (
              <CheckField key={type} label={type} name={`cardTypes-${type}`} checked={types.includes(type)} onChange={(on) => toggle(type, on)} />
            ))}
          </div>
        </fieldset>
        <div className="row">
          <TextField label={t('expiresInMinutes')} name="expiresInMinutes" value={expiresMin} onChange={setExpiresMin} inputMode="numeric" />
          <CheckField label={t('singleUse')} name="singleUse" checked={singleUse} onChange={setSingleUse} />
          <CheckField label={t('manualCapture')} name="manualCapture" checked={manualCapture} onChange={setManualCapture} />
        </div>
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && <CheckoutResult title={t('linkCreated', { code: result.code })} target={result.target} />}
    </section>
  );
}
