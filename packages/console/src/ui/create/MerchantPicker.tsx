import type { Currency } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import type { ConsoleStore } from '../../store/consoleStore';
import { useStoreState } from '../useStoreState';
import { SelectField } from './fields';

/** The merchant that new links, stations, plans and campaigns belong to. */
export function MerchantPicker({ store }: { store: ConsoleStore }) {
  const { merchants, merchantId, setMerchant } = useStoreState(store);
  return (
    <SelectField label={t('merchant')} name="merchantId" value={String(merchantId ?? '')} onChange={(v) => setMerchant(Number(v))}>
      {merchants.map((m) => (
        <option key={m.id} value={String(m.id)}>{t('merchantOption', { id: m.id, name: m.name })}</option>
      ))}
    </SelectField>
  );
}

/** The picked merchant's currency: the units of the amounts typed for it (USD until the list says otherwise). */
export function usePickedCurrency(store: ConsoleStore): Currency {
  const { merchants, merchantId } = useStoreState(store);
  return merchants.find((m) => m.id === merchantId)?.currency ?? 'USD';
}
