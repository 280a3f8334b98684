import type { CatalogKey } from '@pasarela/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatAmount, type Currency, type Language } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';
import { checkPhone, preparePhoneRules } from './phoneCheck';
import { BusyButton } from '../ui/BusyButton';
import { PayingStatus } from '../ui/PayingStatus';
import { createStore } from 'zustand/vanilla';
import { useStoreState } from '../ui/useStoreState';
import type { PayerDetailsStore } from './payerDetails';
import { linkPayerDetails } from './linkPayerDetails';

interface PhoneFormProps {
  name: string;
  label: string;
  hint?: string | undefined;
  country: string;
  maxDigits: number;
  minDigits?: number | undefined;
  placeholder?: string | undefined;
  invalidText?: string | undefined;
  readNational?: ((value: string) => Promise<string | null>) | undefined;
  initialPhone?: string | undefined;
  /** The checkout's: its phone offered here, this one's offered to the other methods. */
  payerDetails?: PayerDetailsStore | undefined;
  autoFocus?: boolean | undefined;
  total: number;
  lang: Language;
  /** The merchant's; absent is dollars (Yappy, Panama's). */
  currency?: Currency | undefined;
  busy: boolean;
  submitLabel?: string | undefined;
  again?: { phone: string; label: string } | undefined;
  onSubmit: (phone: string) => void;
}

export function PhoneForm({ name, label, hint, placeholder, invalidText, country, maxDigits, minDigits, readNational, initialPhone, payerDetails, autoFocus, total, lang, currency, busy, submitLabel, again, onSubmit }: PhoneFormProps) {
  const [typed] = useState(() => createStore<{ phone: string }>()(() => ({ phone: initialPhone ?? '' })));
  const { phone } = useStoreState(typed);
  const setPhone = (value: string) => typed.setState({ phone: value });
  // Before the form is painted: it opens with the phone typed elsewhere.
  useLayoutEffect(
    () => (payerDetails ? linkPayerDetails(payerDetails, { fields: ['phone'], read: () => typed.getState(), write: (_field, value) => setPhone(value), subscribe: (listener) => typed.subscribe(listener) }) : undefined),
    [payerDetails, typed],
  );
  const [error, setError] = useState<CatalogKey | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const national = (value: string) => value.replace(/\D/g, '').slice(-maxDigits);
  const sameAgain = !!again && again.phone !== '' && national(phone) === national(again.phone);
  // After a failure the focus is on the field to fix (PRODUCT): the phone, where Enter sends again. The
  // screen opens a fresh form (its key) with autoFocus. By hand, not the autofocus attribute: browsers honour that only on page load.
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, []);

  // The national digits to send, or the message key of what is wrong.
  const validate = async (value: string): Promise<{ key: CatalogKey } | { digits: string }> => {
    const key = await checkPhone(value, country).catch(() => 'connection_error' as const);
    if (key === 'field_required' || key === 'connection_error') return { key };
    if (readNational) {
      const read = await readNational(value).catch(() => undefined);
      return read === undefined ? { key: 'connection_error' } : read === null ? { key: 'invalid_phone_number' } : { digits: read };
    }
    const digits = value.replace(/\D/g, '');
    if (key) return { key };
    // The national digits: country codes and spacing are the gateway's business, not the payer's.
    return digits.length > maxDigits + 3 || digits.length < (minDigits ?? 0) ? { key: 'invalid_phone_number' } : { digits: digits.slice(-maxDigits) };
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy || checking) return;
    setChecking(true);
    const read = await validate(phone);
    setChecking(false);
    const key = 'key' in read ? read.key : null;
    setError(key);
    if ('key' in read) return input.current?.focus();
    onSubmit(read.digits);
  };

  return (
    <form className="method-form" noValidate onSubmit={(e) => void submit(e)}>
      <Field
        name={name}
        label={label}
        hint={hint}
        value={phone}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder={placeholder}
        error={error === 'invalid_phone_number' && invalidText ? invalidText : error ? t(error) : undefined}
        // Checked on submit only: said by the focus on the field (FieldError).
        live={false}
        inputRef={(el) => {
          input.current = el;
        }}
        disabled={busy}
        onFocus={() => void preparePhoneRules().catch(() => undefined)}
        onValue={(value) => {
          setPhone(value.slice(0, 30));
          if (error) setError(null);
        }}
      />
      <BusyButton type="submit" className="button button--primary button--pay" busy={busy} aria-busy={busy || checking}>
        {busy ? t('processing_payment') : sameAgain && again ? again.label : (submitLabel ?? t('pay_button', { amount: formatAmount(total, lang, currency) }))}
      </BusyButton>
      <PayingStatus paying={busy} />
    </form>
  );
}
