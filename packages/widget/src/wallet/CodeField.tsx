import { digitsOnly } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';

export function CodeField({ value, onValue, disabled }: { value: string; onValue: (value: string) => void; disabled: boolean }) {
  return (
    <Field
      name="emailCode"
      label={t('label_email_code')}
      value={value}
      onValue={(typed) => onValue(digitsOnly(typed).slice(0, 6))}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      disabled={disabled}
    />
  );
}
