import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
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

async function confirmError(password: string, confirm: string, submitted = false): Promise<string> {
  const noop = () => undefined;
  const view = await render(<PasswordFields password={password} confirm={confirm} onPassword={noop} onConfirm={noop} submitted={submitted} disabled={false} />);
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
