import { useRef } from 'react';
import { t } from '../../i18n/i18n';
import { useStoreState } from '../../ui/useStoreState';
import { SelectField } from './SelectField';
import { isChanging, isCoinLocked } from './quote';
import type { CryptoField } from './cryptoScreenState';
import type { CryptoStores } from './store';
import { BusyButton } from '../../ui/BusyButton';
import { PoliteNote } from '../../ui/PoliteNote';

export function CoinNetworkForm({ state, sending }: { state: CryptoStores['state']; sending: boolean }) {
  const crypto = useStoreState(state);
  const { flow, quote, missing, networksFor } = crypto;
  const fields = useRef<Partial<Record<CryptoField, HTMLSelectElement | null>>>({});
  const changing = isChanging(crypto);
  const coinLocked = isCoinLocked(quote);
  const busy = sending || crypto.updating;
  const networks = flow.currency !== null && networksFor === flow.currency ? flow.networks : [];

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy) return;
    const empty = await state.getState().submit();
    if (empty) fields.current[empty]?.focus();
  };

  return (
    <form className="method-form crypto__form" noValidate onSubmit={(e) => void submit(e)}>
      {quote ? null : <p className="method__text">{t('crypto_intro')}</p>}
      <SelectField
        name="currency"
        label={t('crypto_coin_label')}
        placeholder={t('crypto_choose_coin')}
        options={flow.coins}
        value={flow.currency ?? ''}
        error={missing === 'currency' ? t('field_required') : undefined}
        // Checked on submit only: said by the focus on the field (FieldError).
        live={false}
        hint={coinLocked ? t('crypto_coin_locked') : undefined}
        disabled={busy || coinLocked || flow.coins.length === 0}
        selectRef={(el) => {
          fields.current.currency = el;
        }}
        onValue={(value) => void state.getState().chooseCoin(value)}
      />
      <SelectField
        name="network"
        label={t('crypto_network_label')}
        placeholder={t('crypto_choose_network')}
        options={networks.map((n) => ({ value: n.network, label: n.name }))}
        value={networks.length > 0 ? (flow.network ?? '') : ''}
        error={missing === 'network' ? t('field_required') : undefined}
        live={false}
        hint={t('crypto_network_hint')}
        disabled={busy || coinLocked || networks.length === 0}
        selectRef={(el) => {
          fields.current.network = el;
        }}
        onValue={(value) => state.getState().chooseNetwork(value)}
      />
      {/* The address, QR and countdown gave way to this: said, as a status. */}
      <PoliteNote className="method__text" text={changing && flow.currency ? t('crypto_change_hint', { currency: flow.currency }) : null} />
      {quote === null || changing ? (
        <BusyButton type="submit" className="button button--primary button--pay" busy={busy} aria-busy={busy}>
          {busy ? t('processing_payment') : t(quote ? 'crypto_update_payment' : 'crypto_get_address')}
        </BusyButton>
      ) : null}
    </form>
  );
}
