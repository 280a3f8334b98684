import { useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import type { AdminApi } from '../../api/adminApi';
import type { Brand } from '../../api/schemas';
import type { ConsoleStore } from '../../store/consoleStore';
import { FormError } from '../CheckoutResult';
import { useStoreState } from '../useStoreState';
import { useSubmit } from '../useSubmit';
import { WordedError } from './FieldError';
import { TextField } from './fields';

const DEFAULT_COLOR = '#0b5fff';

/** The picked merchant's brand: colour, display name and logo (docs/merchant-api.md "Brand"). */
export function BrandForm({ store, api }: { store: ConsoleStore; api: AdminApi }) {
  // The merchant picked for new links (the link form's picker).
  const { merchantId, merchants } = useStoreState(store);
  const merchant = merchants.find((m) => m.id === merchantId);
  const [brand, setBrand] = useState<Brand | null>(null);
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [name, setName] = useState('');
  const [logo, setLogo] = useState<File | null>(null);
  // The merchant whose stored brand the fields hold: until it is in, they take no typing, which its
  // arrival would otherwise overwrite. One that cannot be read leaves the defaults to edit.
  const [loadedFor, setLoadedFor] = useState<number | null>(null);
  const editable = merchantId !== null && loadedFor === merchantId;
  useEffect(() => {
    if (merchantId === null) return;
    let live = true;
    setLoadedFor(null);
    api.brandOf(merchantId).then((b) => {
      if (!live) return;
      setBrand(b);
      setColor(b.colorPrimary ?? DEFAULT_COLOR);
      setName(b.displayName ?? '');
      setLoadedFor(merchantId);
    }, () => live && setLoadedFor(merchantId));
    return () => {
      live = false;
    };
  }, [api, merchantId]);
  const { busy, error, errorId, result, submit } = useSubmit(async () => {
    if (merchantId === null) throw new WordedError({ key: 'merchant' });
    let saved = await api.setBrand(merchantId, { colorPrimary: color, displayName: name.trim() === '' ? null : name.trim() });
    if (logo) saved = await api.uploadLogo(merchantId, logo);
    setBrand(saved);
    return { id: merchantId };
  });
  return (
    <section className="card" aria-labelledby="brand-title">
      <h3 id="brand-title">{t('brandTitle')}</h3>
      <p className="hint">{t('brandHint')}</p>
      {merchant && <p>{t('merchantOption', { id: merchant.id, name: merchant.name })}</p>}
      <form onSubmit={(e) => void submit(e)}>
        <TextField label={t('brandColor')} name="colorPrimary" type="color" value={color} onChange={setColor} disabled={!editable} />
        <TextField label={t('brandName')} name="displayName" value={name} onChange={setName} disabled={!editable} />
        <div className="field">
          <label htmlFor="brand-logo">{t('brandLogo')}</label>
          <input id="brand-logo" name="logo" type="file" accept="image/png,image/jpeg,image/webp" disabled={!editable} onChange={(e) => setLogo((e.target as HTMLInputElement).files?.[0] ?? null)} />
        </div>
        <p className="hint">
          {brand?.logoUrl ? <><img src={brand.logoUrl} alt={t('brandCurrentLogo')} width="40" height="40" className="brand-logo" /> {t('brandCurrentLogo')}</> : t('brandNoLogo')}
        </p>
        {/* aria-disabled while it saves, so the focus stays on it; disabled only until the stored brand is in. */}
        <button type="submit" className="primary" aria-disabled={busy} disabled={!editable}>{t('brandSave')}</button>
      </form>
      <FormError error={error} id={errorId} />
      {result && <p className="result" role="status">{t('brandSaved', { id: result.id })}</p>}
    </section>
  );
}
