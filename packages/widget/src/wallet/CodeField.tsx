import { digitsOnly } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';

interface CodeFieldProps {
  value: string;
  onValue: (value: string) => void;
  disabled: boolean;
  /** The id of the message that refused the code, tied to the field. */
  errorId?: string | undefined;
}

export function CodeField({ value, onValue, disabled, errorId }: CodeFieldProps) {
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
      invalid={errorId !== undefined}
      describedBy={errorId}
    />
  );
}
