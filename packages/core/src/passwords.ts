import * as v from 'valibot';
import { minChars } from './validation';

type PasswordPolicyKey = 'validate_characters_min' | 'policies_lowercase' | 'policies_uppercase' | 'policies_digits' | 'policy_simbol';

const minLength = minChars();

const POLICIES: ReadonlyArray<readonly [PasswordPolicyKey, (p: string) => boolean]> = [
  // validate_characters_min "Minimum length 8" (PASSWORD_MIN_LENGTH), a blank password meeting none.
  ['validate_characters_min', (p) => v.is(minLength, p)],
  ['policies_lowercase', (p) => /[a-z]/.test(p)],
  ['policies_uppercase', (p) => /[A-Z]/.test(p)],
  ['policies_digits', (p) => /\d/.test(p)],
  // Any printable character that is not a letter, digit or space counts as a symbol.
  ['policy_simbol', (p) => /[^A-Za-z0-9\s]/.test(p)],
];

export function passwordPolicyIssues(password: string): PasswordPolicyKey[] {
  return POLICIES.filter(([, ok]) => !ok(password)).map(([key]) => key);
}

export function isStrongPassword(password: string): boolean {
  return passwordPolicyIssues(password).length === 0;
}

const passwordPolicies = () =>
  v.pipe(
    v.string('field_required'),
    v.check((s) => s !== '', 'field_required'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === '') return;
      for (const key of passwordPolicyIssues(dataset.value)) addIssue({ message: key });
    }),
  );

export const newPasswordSchema = v.pipe(
  v.object({ newPassword: passwordPolicies(), confirmPassword: v.pipe(v.string('field_required'), v.check((s) => s !== '', 'field_required')) }, 'field_required'),
  v.forward(v.partialCheck([['newPassword'], ['confirmPassword']], (i) => i.newPassword === i.confirmPassword, 'password_nomatch'), ['confirmPassword']),
);
