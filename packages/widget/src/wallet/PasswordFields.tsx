import * as v from 'valibot';
import { newPasswordSchema, passwordPolicyIssues } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { Field } from '../ui/Field';

export const POLICY_KEYS = ['validate_characters_min', 'policies_lowercase', 'policies_uppercase', 'policies_digits', 'policy_simbol'] as const;

interface PasswordFieldsProps {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  submitted: boolean;
  disabled: boolean;
}

export function PasswordFields({ password, confirm, onPassword, onConfirm, submitted, disabled }: PasswordFieldsProps) {
  const missing = new Set(passwordPolicyIssues(password));
  // SPEC 5 password_nomatch through core's newPasswordSchema (said once the password itself passes).
  const mismatch = confirm !== '' && missing.size === 0 && (v.safeParse(newPasswordSchema, { newPassword: password, confirmPassword: confirm }).issues ?? []).some((i) => i.message === 'password_nomatch');
  return (
    <>
      <Field
        name="newPassword"
        label={t('label_new_password')}
        type="password"
        value={password}
        onValue={onPassword}
        autoComplete="new-password"
        // Submitted short of a policy: said under the field as well as ticked off in the list below.
        error={submitted ? (password === '' ? t('field_required') : missing.size > 0 ? t('invalid_password') : undefined) : undefined}
        describedBy="password-policies"
        disabled={disabled}
      />
      <ul id="password-policies" className="policies" aria-live="polite">
        {POLICY_KEYS.map((key) => (
          <li key={key} className={missing.has(key) ? 'policies__item' : 'policies__item policies__item--met'}>
            <span aria-hidden="true">{missing.has(key) ? '○ ' : '✓ '}</span>
            {t(key)}
            <span className="visually-hidden">{missing.has(key) ? '' : ` (${t('policy_met')})`}</span>
          </li>
        ))}
      </ul>
      <Field
        name="confirmPassword"
        label={t('label_confirm_password')}
        type="password"
        value={confirm}
        onValue={onConfirm}
        autoComplete="new-password"
        error={mismatch || (submitted && confirm === '') ? t(mismatch ? 'password_nomatch' : 'field_required') : undefined}
        disabled={disabled}
      />
    </>
  );
}

export function passwordReady(password: string, confirm: string): boolean {
  return v.is(newPasswordSchema, { newPassword: password, confirmPassword: confirm });
}
