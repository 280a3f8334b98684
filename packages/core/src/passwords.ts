import * as v from 'valibot';
import { minChars } from './validation';

// SPEC 5 invalid_password: "Password at least 8 characters with uppercase, lowercase, digit and
// symbol"; "policies_lowercase, policies_uppercase, policies_digits, policy_simbol: Individual
// password policy messages"; password_nomatch: "Confirm password must equal the new password".

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

/** The individual policies a password misses, in the order a checklist shows them. */
export function passwordPolicyIssues(password: string): PasswordPolicyKey[] {
  return POLICIES.filter(([, ok]) => !ok(password)).map(([key]) => key);
}

export function isStrongPassword(password: string): boolean {
  return passwordPolicyIssues(password).length === 0;
}

/** The individual messages, one issue per missing policy. */
const passwordPolicies = () =>
  v.pipe(
    v.string('field_required'),
    v.check((s) => s !== '', 'field_required'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === '') return;
      for (const key of passwordPolicyIssues(dataset.value)) addIssue({ message: key });
    }),
  );

/** New password and its confirmation; the mismatch is reported on confirmPassword. */
export const newPasswordSchema = v.pipe(
  v.object({ newPassword: passwordPolicies(), confirmPassword: v.pipe(v.string('field_required'), v.check((s) => s !== '', 'field_required')) }, 'field_required'),
  v.forward(v.partialCheck([['newPassword'], ['confirmPassword']], (i) => i.newPassword === i.confirmPassword, 'password_nomatch'), ['confirmPassword']),
);
