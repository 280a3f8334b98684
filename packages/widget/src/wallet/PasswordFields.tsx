import * as v from 'valibot';
import { useEffect, useRef, useState } from 'react';
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
  /** The form's refused submits so far: one after the confirmation was last typed in compares it. */
  attempts: number;
  disabled: boolean;
}

type PolicyKey = (typeof POLICY_KEYS)[number];

/**
 * What a screen reader is told as the password is typed: only the rules whose state changed since the
 * last keystroke ("Debe contener al menos un número: cumplido"), never the whole list again; a
 * keystroke that changes no rule changes nothing here, so nothing is said.
 */
function useRuleChanges(missing: ReadonlySet<string>): string {
  const before = useRef<ReadonlySet<string>>(missing);
  const [said, setSaid] = useState('');
  const now = POLICY_KEYS.filter((key) => missing.has(key)).join(' ');
  // Asked while rendering, so a page the server drew carries both words in its first texts.
  const words = { met: t('policy_met'), unmet: t('policy_unmet') };
  useEffect(() => {
    const changed = POLICY_KEYS.filter((key: PolicyKey) => before.current.has(key) !== missing.has(key));
    before.current = missing;
    if (changed.length === 0) return;
    setSaid(changed.map((key) => `${t(key)}: ${missing.has(key) ? words.unmet : words.met}`).join('. '));
    // Keyed by the rules still missing: the set itself is new on every render.
  }, [now]);
  return said;
}

export function PasswordFields({ password, confirm, onPassword, onConfirm, submitted, attempts, disabled }: PasswordFieldsProps) {
  const missing = new Set(passwordPolicyIssues(password));
  const ruleChanges = useRuleChanges(missing);
  // The confirmation is compared once the payer has left it, or submitted, since typing in it last:
  // never half typed ("Seg" is no mismatch yet).
  const [typedAt, setTypedAt] = useState<number | null>(null);
  const [left, setLeft] = useState(false);
  const compared = left || (submitted && (typedAt === null || typedAt < attempts));
  const typeConfirm = (value: string) => {
    setTypedAt(attempts);
    setLeft(false);
    onConfirm(value);
  };
  // SPEC 5 password_nomatch through core's newPasswordSchema (said once the password itself passes).
  const mismatch = compared && confirm !== '' && missing.size === 0 && (v.safeParse(newPasswordSchema, { newPassword: password, confirmPassword: confirm }).issues ?? []).some((i) => i.message === 'password_nomatch');
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
        // A submit's errors come all at once: the first invalid field takes the focus and reads its own.
        live={false}
        disabled={disabled}
      />
      {/* The list changes as the payer types, for the eye; it is the field's description, read with it. */}
      <ul id="password-policies" className="policies">
        {POLICY_KEYS.map((key) => (
          <li key={key} className={missing.has(key) ? 'policies__item' : 'policies__item policies__item--met'}>
            <span aria-hidden="true">{missing.has(key) ? '○ ' : '✓ '}</span>
            {t(key)}
            <span className="visually-hidden">{missing.has(key) ? '' : ` (${t('policy_met')})`}</span>
          </li>
        ))}
      </ul>
      {/* Only a rule met or unmet is said, politely (useRuleChanges). */}
      <p className="visually-hidden" aria-live="polite">
        {ruleChanges}
      </p>
      <Field
        name="confirmPassword"
        label={t('label_confirm_password')}
        type="password"
        value={confirm}
        onValue={typeConfirm}
        onBlur={() => setLeft(true)}
        autoComplete="new-password"
        error={mismatch || (submitted && confirm === '') ? t(mismatch ? 'password_nomatch' : 'field_required') : undefined}
        // Said as the payer leaves it; after a submit, read with the field the focus goes to.
        live={!submitted}
        disabled={disabled}
      />
    </>
  );
}

export function passwordReady(password: string, confirm: string): boolean {
  return v.is(newPasswordSchema, { newPassword: password, confirmPassword: confirm });
}
