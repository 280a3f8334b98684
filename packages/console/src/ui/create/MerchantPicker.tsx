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
