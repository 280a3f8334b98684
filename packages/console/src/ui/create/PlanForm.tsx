import { useState } from 'react';
import { t } from '../../i18n/i18n';
import { checkoutTargetOf } from '../../logic/snippets';
import type { ConsoleStore } from '../../store/consoleStore';
import type { AdminApi } from '../../api/adminApi';
import { CheckoutResult, FormError } from '../CheckoutResult';
import { useSubmit } from '../useSubmit';
import { SelectField, TextField, amountIn, useAmountField } from './fields';
import { usePickedCurrency } from './MerchantPicker';
import { inField } from './checkedFields';
import { useFirstStep } from './useFirstStep';

const PERIODS = ['WE', 'MO', 'AN'] as const;

/** A plan and one payer's subscription to it, whose checkout URL is ready to pay. */
export function PlanForm({ store, api, lang }: { store: ConsoleStore; api: AdminApi; lang: 'es' | 'en' }) {
  const [name, setName] = useState('');
  const currency = usePickedCurrency(store);
  const [amount, setAmount] = useAmountField('plan', currency);
  const [period, setPeriod] = useState<string>('MO');
  const plans = useFirstStep<{ idPlan: number }>();
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    const merchantId = store.getState().merchantId ?? undefined;
    const asked = { name, amount: inField('amount', () => amountIn(amount, currency, 'aboveZero')) ?? Number.NaN, period, ...(merchantId ? { merchantId } : {}) };
    const plan = await plans.make(asked, () => api.createPlan(asked));
    const sub = await api.subscribe(plan.idPlan);
    plans.forget();
    return { id: plan.idPlan, key: sub.subscriptionKey, target: checkoutTargetOf(location.origin, { kind: 'subscription', subscriptionKey: sub.subscriptionKey }, lang) };
  });
  return (
    <section className="card" aria-labelledby="create-plan">
      <h3 id="create-plan">{t('planTitle')}</h3>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('planName')} name="name" value={name} onChange={setName} required />
        <div className="row">
          <TextField label={t('amount', { currency })} name="amount" value={amount} onChange={setAmount} inputMode="decimal" required />
          <SelectField label={t('period')} name="period" value={period} onChange={setPeriod}>
            {PERIODS.map((p) => <option key={p} value={p}>{t(`periods.${p}`)}</option>)}
          </SelectField>
        </div>
        <button type="submit" className="primary" aria-disabled={busy}>{busy ? t('creating') : t('create')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && <CheckoutResult title={t('planCreated', { id: result.id, key: result.key })} target={result.target} />}
    </section>
  );
}
