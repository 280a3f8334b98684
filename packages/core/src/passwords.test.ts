import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { isStrongPassword, newPasswordSchema, password, passwordPolicies, passwordPolicyIssues } from './passwords';
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
    ['Abcdef1!', null],
    ['abcdef1!', 'invalid_password'],
    ['', 'field_required'],
    [42, 'field_required'],
  ])('invalid_password "at least 8 characters with uppercase, lowercase, digit and symbol": %j -> %s', (pw, key) => {
    const r = v.safeParse(password(), pw);
    expect(r.success ? null : r.issues[0]?.message).toBe(key);
  });

  it.each([
    ['', ['field_required']],
    [42, ['field_required']],
    ['Abcdef1!', []],
  ])('the policy pipe: an empty or missing password is field_required alone, not five policies (%j)', (pw, keys) => {
    const r = v.safeParse(passwordPolicies(), pw);
    expect(r.success ? [] : r.issues.map((i) => i.message)).toEqual(keys);
  });

  it('the policy pipe reports each missing policy', () => {
    const r = v.safeParse(passwordPolicies(), 'abcdefgh');
    expect(r.success ? [] : r.issues.map((i) => i.message)).toEqual(['policies_uppercase', 'policies_digits', 'policy_simbol']);
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
