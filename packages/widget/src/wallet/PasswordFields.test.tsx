import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { act } from 'preact/test-utils';
import { blur, render, type } from '../testing/render';
import { PasswordFields, passwordReady } from './PasswordFields';

// SPEC 5 password_nomatch "Confirm password must equal the new password" and invalid_password
// "Password at least 8 characters with uppercase, lowercase, digit and symbol", through core's
// newPasswordSchema.
beforeAll(async () => {
  await startI18n('es', catalogs.es);
});

let unmount: (() => Promise<void> | void) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

async function confirmError(password: string, confirm: string, submitted = true): Promise<string> {
  const noop = () => undefined;
  const view = await render(<PasswordFields password={password} confirm={confirm} onPassword={noop} onConfirm={noop} submitted={submitted} attempts={submitted ? 1 : 0} disabled={false} />);
  unmount = view.unmount;
  return view.container.querySelector('#field-confirmPassword-error')?.textContent ?? '';
}

describe('PasswordFields (SPEC 5 password_nomatch)', () => {
  it.each([
    ['Nueva#2026clave', 'Nueva#2026clave', true],
    ['Nueva#2026clave', 'Nueva#2026clavE', false],
    ['Nueva#2026clave', '', false],
    ['nueva#2026clave', 'nueva#2026clave', false],
    ['Nue#20a', 'Nue#20a', false],
  ])('passwordReady(%j, %j) is %s', (password, confirm, ready) => {
    expect(passwordReady(password, confirm)).toBe(ready);
  });

  it('a confirmation that differs from a valid new password says password_nomatch', async () => {
    expect(await confirmError('Nueva#2026clave', 'Nueva#2026clavE')).toBe(catalogs.es.password_nomatch);
  });

  it('a confirmation of a password that fails the rules says nothing of matching: the rules come first', async () => {
    expect(await confirmError('abc', 'abd')).toBe('');
    await unmount?.();
  });

  it('a matching confirmation says nothing; an empty one after a submit says field_required', async () => {
    expect(await confirmError('Nueva#2026clave', 'Nueva#2026clave')).toBe('');
    await unmount?.();
    expect(await confirmError('Nueva#2026clave', '', true)).toBe(catalogs.es.field_required);
  });
});

/** The fields as a screen holds them: typing changes the password. */
function Typed() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} submitted={false} attempts={0} disabled={false} />;
}

/** A form around the fields: its refused submits counted, as SignupScreen and RecoveryScreen count them. */
function Submitted() {
  const [password, setPassword] = useState('Nueva#2026clave');
  const [confirm, setConfirm] = useState('');
  const [attempts, setAttempts] = useState(0);
  return (
    <form onSubmit={(event) => { event.preventDefault(); setAttempts((n) => n + 1); }}>
      <PasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} submitted={attempts > 0} attempts={attempts} disabled={false} />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('PasswordFields: the confirmation is compared once left or submitted, never half typed', () => {
  it('says nothing while "Seg" is typed, password_nomatch once the field is left, nothing again while retyping, and password_nomatch on a submit', async () => {
    const view = await render(<Submitted />);
    unmount = view.unmount;
    const confirm = view.input('confirmPassword');
    const error = () => view.container.querySelector('#field-confirmPassword-error')?.textContent ?? '';
    await type(confirm, 'Seg');
    expect([error(), confirm.getAttribute('aria-invalid')]).toEqual(['', 'false']);
    await blur(confirm);
    expect(error()).toBe(catalogs.es.password_nomatch);
    await type(confirm, 'Segu');
    expect(error()).toBe('');
    await act(() => view.container.querySelector('form')?.requestSubmit());
    expect(error()).toBe(catalogs.es.password_nomatch);
    // After a submit the focus goes to it and reads it: no second announcement from a live region.
    expect(view.container.querySelector('#field-confirmPassword-error')?.getAttribute('aria-live')).toBe('off');
    await type(confirm, 'Nueva#2026clave');
    await blur(confirm);
    expect(error()).toBe('');
  });
});

describe('the password rules as a screen reader hears them (WCAG 4.1.3: status said, not the whole list on each keystroke)', () => {
  async function typing(lang: 'es' | 'en', keystrokes: string[]) {
    await startI18n(lang, catalogs[lang]);
    const view = await render(<Typed />);
    unmount = view.unmount;
    const field = view.input('newPassword');
    const heard: string[] = [];
    // Every text a live region holds after each keystroke, as a screen reader would be told it.
    const live = () => [...view.container.querySelectorAll('[aria-live]')].map((n) => n.textContent ?? '').filter((text) => text !== '').join(' | ');
    for (const value of keystrokes) {
      const before = live();
      await type(field, value);
      const after = live();
      heard.push(after === before ? '' : after);
    }
    const list = view.container.querySelector('#password-policies');
    const result = { heard, listLive: list?.getAttribute('aria-live') ?? null, metItems: list?.querySelectorAll('.policies__item--met').length ?? 0 };
    await startI18n('es', catalogs.es);
    return result;
  }

  it('es: each keystroke says only the rules it met or unmet, politely; one that changes none says nothing; the list is not live', async () => {
    const c = catalogs.es;
    const result = await typing('es', ['a', 'ab', 'abC', 'abC1', 'abC1#', 'abC1#xyz', 'abC1#xyzw', 'abC1#xy']);
    expect(result.heard).toEqual([
      `${c.policies_lowercase}: ${c.policy_met}`,
      '',
      `${c.policies_uppercase}: ${c.policy_met}`,
      `${c.policies_digits}: ${c.policy_met}`,
      `${c.policy_simbol}: ${c.policy_met}`,
      `${c.validate_characters_min}: ${c.policy_met}`,
      '',
      `${c.validate_characters_min}: ${c.policy_unmet}`,
    ]);
    expect(result.listLive).toBeNull();
    // The visual list still follows each keystroke.
    expect(result.metItems).toBe(4);
  });

  it('en: two rules met by one keystroke are said together, once', async () => {
    const c = catalogs.en;
    const result = await typing('en', ['A', 'A1b#']);
    expect(result.heard).toEqual([
      `${c.policies_uppercase}: ${c.policy_met}`,
      `${c.policies_lowercase}: ${c.policy_met}. ${c.policies_digits}: ${c.policy_met}. ${c.policy_simbol}: ${c.policy_met}`,
    ]);
  });
});
