import type { CatalogKey } from '@pasarela/core';
import { useEffect, useRef, useState } from 'react';
import { formatAmount, type Language } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';
import { checkPhone, preparePhoneRules } from './phoneCheck';

interface PhoneFormProps {
  /** Names the form's field; also its input's name. */
  name: string;
  label: string;
  hint?: string | undefined;
  /** Where a national number is read (Nequi: the merchant's country, core nequiPhoneRule; PA for Yappy). */
  country: string;
  /** The local digits only, for the sandbox call (3xxxxxxxxx, 6xxxxxxx). */
  maxDigits: number;
  /** Fewer local digits than this is invalid (a method that takes only mobiles). */
  minDigits?: number | undefined;
  /** An example number as the payer would write it. */
  placeholder?: string | undefined;
  /** What a phone the check refuses is told (default: the catalogue's invalid_phone_number). */
  invalidText?: string | undefined;
  /**
   * Reads the national digits to send, null for a phone the method refuses (Nequi: core
   * nequiPhoneNumber, a mobile of either Nequi country); without it, the digits of a valid phone of `country`.
   */
  readNational?: ((value: string) => Promise<string | null>) | undefined;
  /** The phone to show first (the one a failed attempt used). */
  initialPhone?: string | undefined;
  /** Puts the caret in the field when it appears (back after a failed attempt). */
  autoFocus?: boolean | undefined;
  total: number;
  lang: Language;
  busy: boolean;
  submitLabel?: string | undefined;
  /**
   * After a failed attempt to `phone`: the submit reads `label` (and takes focus) while the field
   * still holds that phone; another phone gets the usual label.
   */
  again?: { phone: string; label: string } | undefined;
  onSubmit: (phone: string) => void;
}

/** A phone and a pay button, checked by core's phone rule (SPEC 5 invalid_phone_number) before sending. */
export function PhoneForm({ name, label, hint, placeholder, invalidText, country, maxDigits, minDigits, readNational, initialPhone, autoFocus, total, lang, busy, submitLabel, again, onSubmit }: PhoneFormProps) {
  const [phone, setPhone] = useState(initialPhone ?? '');
  const [error, setError] = useState<CatalogKey | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const national = (value: string) => value.replace(/\D/g, '').slice(-maxDigits);
  const sameAgain = !!again && again.phone !== '' && national(phone) === national(again.phone);
  useEffect(() => {
    if (again) button.current?.focus();
  }, [again?.phone, !!again]);
  // By hand, not the autofocus attribute: browsers honour that only on page load.
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
      <button type="submit" ref={button} className="button button--primary button--pay" disabled={busy} aria-busy={busy || checking}>
        {busy ? t('processing_payment') : sameAgain && again ? again.label : (submitLabel ?? t('pay_button', { amount: formatAmount(total, lang) }))}
      </button>
    </form>
  );
}
