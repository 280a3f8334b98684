import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { isStrongPassword, newPasswordSchema, passwordPolicyIssues } from './passwords';

/** The messages the new password's field gets (its confirmation's aside). */
const newPasswordIssues = (pw: unknown) => {
  const r = v.safeParse(newPasswordSchema, { newPassword: pw, confirmPassword: 'x' });
  return r.success ? [] : r.issues.filter((i) => i.path?.[0]?.key === 'newPassword').map((i) => i.message);
};
import { fieldErrors } from './validation';

describe('SPEC 5 password rules', () => {
  it.each([
    ['Abcdef1!', []],
    ['abcdef1!', ['policies_uppercase']],
    ['ABCDEF1!', ['policies_lowercase']],
    ['Abcdefg!', ['policies_digits']],
    ['Abcdefg1', ['policy_simbol']],
    ['Ab1!', ['validate_characters_min']],
    ['Aa1!aaaa', []],
    ['        ', ['validate_characters_min', 'policies_lowercase', 'policies_uppercase', 'policies_digits', 'policy_simbol']],
    ['', ['validate_characters_min', 'policies_lowercase', 'policies_uppercase', 'policies_digits', 'policy_simbol']],
  ])('"Individual password policy messages": %j -> %j', (pw, issues) => {
    expect(passwordPolicyIssues(pw)).toEqual(issues);
    expect(isStrongPassword(pw)).toBe(issues.length === 0);
  });

  it.each([
    ['', ['field_required']],
    [42, ['field_required']],
    ['Abcdef1!', []],
  ])('the policy pipe: an empty or missing password is field_required alone, not five policies (%j)', (pw, keys) => {
    expect(newPasswordIssues(pw)).toEqual(keys);
  });

  it('the policy pipe reports each missing policy', () => {
    expect(newPasswordIssues('abcdefgh')).toEqual(['policies_uppercase', 'policies_digits', 'policy_simbol']);
  });

  it.each([
    [{ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }, {}],
    [{ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1?' }, { confirmPassword: 'password_nomatch' }],
    [{ newPassword: 'Abcdef1!', confirmPassword: '' }, { confirmPassword: 'field_required' }],
    [{ newPassword: 'abc', confirmPassword: 'abc' }, { newPassword: 'validate_characters_min' }],
  ])('password_nomatch "Confirm password must equal the new password": %j', (values, errors) => {
    expect(fieldErrors(newPasswordSchema, values)).toEqual(errors);
  });
});
