import { useEffect, useRef } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { PayerMessage } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { AttemptAlert } from '../../payments/AttemptAlert';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { Field } from '../../ui/Field';
import { useStoreState } from '../../ui/useStoreState';
import { NETWORK_TEXT_KEYS } from '../../payments/cashNetworks';
import type { CashField, CashState } from './store';
import { BusyButton } from '../../ui/BusyButton';

interface CashFormProps {
  store: StoreApi<CashState>;
  sending: boolean;
  message: PayerMessage | null;
}

export function CashForm({ store, sending, message }: CashFormProps) {
  const cash = useStoreState(store);
  const inputs = useRef<Partial<Record<CashField, HTMLInputElement | null>>>({});
  const busy = sending || cash.checking;
  const button = useRef<HTMLButtonElement>(null);
  // After a refusal or a lapse the way forward is the button (the voucher that had the focus is gone).
  useEffect(() => {
    if (message) button.current?.focus();
  }, [message]);
  const bind = (field: CashField) => ({
    // Not plain email/phone: the card form, mounted beside this one, uses those names and ids.
    name: `cash-${field}`,
    value: cash.values[field],
    error: cash.errors[field] ? t(cash.errors[field]) : undefined,
    // Checked on submit only: said by the focus on the first invalid field (FieldError).
    live: false,
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
    onValue: (value: string) => store.getState().setValue(field, value),
    disabled: sending,
  });
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const invalid = await store.getState().submit();
    if (invalid) inputs.current[invalid]?.focus();
  };

  return (
    <form className="method-form" noValidate onSubmit={(e) => void submit(e)}>
      {message ? <AttemptAlert message={message} /> : null}
      {cash.networks.length > 1 ? (
        <div className="choice choice--stacked" role="radiogroup" aria-labelledby="cash-network-label">
          <p id="cash-network-label" className="choice__label">
            {t('cash_network_label')}
          </p>
          {cash.networks.map((network) => (
            <label key={network} className="choice__option">
              <input
                type="radio"
                name="cash-network"
                value={network}
                checked={cash.network === network}
                disabled={sending}
                onChange={() => store.getState().setNetwork(network)}
              />
              <span>
                <span className="choice__name">{t(NETWORK_TEXT_KEYS[network].name)}</span>
                <span className="choice__hint">{t(NETWORK_TEXT_KEYS[network].where)}</span>
              </span>
            </label>
          ))}
        </div>
      ) : null}
      {cash.askEmail ? <Field {...bind('email')} label={t('label_email')} type="email" autoComplete="email" inputMode="email" /> : null}
      <Field
        {...bind('phone')}
        label={t('label_phone')}
        hint={t('phone_hint')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        onFocus={() => void preparePhoneRules().catch(() => undefined)}
      />
      <BusyButton type="submit" buttonRef={button} className="button button--primary button--pay" busy={sending} aria-busy={busy}>
        {sending ? t('processing_payment') : t(message?.key === 'request_expired' ? 'cash_generate_new' : 'cash_generate')}
      </BusyButton>
    </form>
  );
}
