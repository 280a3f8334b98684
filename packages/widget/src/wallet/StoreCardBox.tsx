import { useState } from 'react';
import { t } from '../i18n/i18n';

export function StoreCardBox({ onChange }: { onChange: (keep: boolean) => void }) {
  const [keep, setKeep] = useState(false);
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        name="storeCard"
        checked={keep}
        onChange={(event) => {
          setKeep(event.currentTarget.checked);
          onChange(event.currentTarget.checked);
        }}
      />
      <span>{t('store_card')}</span>
    </label>
  );
}
