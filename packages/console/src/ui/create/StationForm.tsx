import { useState } from 'react';
import { t } from '../../i18n/i18n';
import { checkoutTargetOf } from '../../logic/snippets';
import type { ConsoleStore } from '../../store/consoleStore';
import type { AdminApi } from '../../api/adminApi';
import { CheckoutResult, FormError } from '../CheckoutResult';
import { useSubmit } from '../useSubmit';
import { TextField, amountIn, useAmountField } from './fields';
import { usePickedCurrency } from './MerchantPicker';
import { checkedStationId, inField } from './checkedFields';

export function StationForm({ store, api, lang }: { store: ConsoleStore; api: AdminApi; lang: 'es' | 'en' }) {
  const [stationId, setStationId] = useState('');
  const [description, setDescription] = useState('');
  const currency = usePickedCurrency(store);
  const [amount, setAmount] = useAmountField('station', currency);
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    const merchantId = store.getState().merchantId ?? undefined;
    const created = await api.createStation({ stationId: checkedStationId(stationId), description, amount: inField('amount', () => amountIn(amount, currency, 'zeroOrMore')) ?? 0, ...(merchantId ? { merchantId } : {}) });
    return { id: created.stationId, target: checkoutTargetOf(location.origin, { kind: 'station', stationId: created.stationId }, lang) };
  });
  return (
    <section className="card" aria-labelledby="create-station">
      <h3 id="create-station">{t('stationTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('stationId')} name="stationId" value={stationId} onChange={setStationId} required />
        <TextField label={t('description')} name="description" value={description} onChange={setDescription} required />
        <TextField label={t('amount', { currency })} name="amount" value={amount} onChange={setAmount} inputMode="decimal" />
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && <CheckoutResult title={t('stationCreated', { id: result.id })} target={result.target} />}
    </section>
  );
}
