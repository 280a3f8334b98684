import { useRef, useState } from 'react';
import { formatAmount, type Language } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';
import { checkPhone, preparePhoneRules } from './phoneCheck';

interface PhoneFormProps {
  /** Names the form's field; also its input's name. */
  name: string;
  label: string;
  hint?: string | undefined;
  /** Where a national number is read (CO for Nequi, PA for Yappy). */
  country: string;
  /** The local digits only, for the sandbox call (3xxxxxxxxx, 6xxxxxxx). */
  maxDigits: number;
  total: number;
  lang: Language;
  busy: boolean;
  submitLabel?: string | undefined;
  onSubmit: (phone: string) => void;
}

/** A phone and a pay button, checked by core's phone rule (SPEC 5 invalid_phone_number) before sending. */
export function PhoneForm({ name, label, hint, country, maxDigits, total, lang, busy, submitLabel, onSubmit }: PhoneFormProps) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  const validate = async (value: string) => {
    const key = await checkPhone(value, country).catch(() => 'connection_error');
    const digits = value.replace(/\D/g, '');
    return key ?? (digits.length > maxDigits + 3 ? 'invalid_phone_number' : null);
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (busy || checking) return;
    setChecking(true);
    const key = await validate(phone);
    setChecking(false);
    setError(key);
    if (key) return input.current?.focus();
    // The national digits: country codes and spacing are the gateway's business, not the payer's.
    onSubmit(phone.replace(/\D/g, '').slice(-maxDigits));
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
        error={error ? t(error) : undefined}
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
      <button type="submit" className="button button--primary button--pay" disabled={busy} aria-busy={busy || checking}>
        {busy ? t('processing_payment') : (submitLabel ?? t('pay_button', { amount: formatAmount(total, lang) }))}
      </button>
    </form>
  );
}
