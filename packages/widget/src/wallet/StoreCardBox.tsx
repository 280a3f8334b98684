import { useState } from 'react';
import { t } from '../i18n/i18n';

/** "Save this card" for a logged-in payer's new card (SPEC 3 storeCard). */
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
