import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { sandboxCaptcha } from './sandboxCaptcha';
import type { CaptchaRefusal } from './types';

beforeAll(async () => {
  await startI18n('es', catalogs.es);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** `refusal`: what the captcha service says of every token (docs/sandbox.md: `fail` and `fail-score` are refused). */
function draw(madeFor: string | null = null, refusal: (token: string) => CaptchaRefusal | null = () => null) {
  const container = document.createElement('div');
  document.body.append(container);
  const tokens: string[] = [];
  const expired = vi.fn();
  const onToken = async (token: string) => {
    tokens.push(token);
    return refusal(token);
  };
  const remove = sandboxCaptcha.render(container, { siteKey: 'site-key', lang: 'es', madeFor, onToken, onExpired: expired });
  const tick = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
  const answer = container.querySelector<HTMLSelectElement>('select');
  if (!tick || !answer) throw new Error('no challenge drawn');
  const check = (checked: boolean) => {
    tick.checked = checked;
    tick.dispatchEvent(new Event('change'));
  };
  return { container, tokens, expired, remove, answer, tick, check };
}

// docs/sandbox.md "Captcha": a tick gives a person's token, or the test answer chosen.
describe('the sandbox captcha (a CaptchaProvider drawing into its container)', () => {
  it('a tick gives a person\'s token after a moment; untick expires it', () => {
    vi.useFakeTimers();
    const c = draw();
    const label = c.container.querySelector('label');
    expect(label?.textContent).toContain('No soy un robot');
    c.check(true);
    expect(c.tokens).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(c.tokens[0]).toMatch(/^sandbox\.site-key\.\d+$/);
    c.check(false);
    expect(c.expired).toHaveBeenCalledTimes(1);
  });

  it.each([['fail'], ['fail-score']])('the test answer %s is the token', (value) => {
    vi.useFakeTimers();
    const c = draw();
    c.answer.value = value;
    c.answer.dispatchEvent(new Event('change'));
    c.check(true);
    vi.advanceTimersByTime(500);
    expect(c.tokens).toEqual([value]);
  });

  // The box says what the service said of the token: never "Verificado" of one every payment is refused with.
  it.each([
    ['fail', 'error_captcha', 'No pudimos verificar que no eres un robot'],
    ['fail-score', 'invalid_score_captcha', 'La verificación de seguridad no fue superada'],
  ] as const)('the test answer %s, refused (%s): not verified, unticked, the reason and what to do said and tied to the tick', async (value, key, reason) => {
    vi.useFakeTimers();
    const c = draw(null, (token) => (token === value ? key : null));
    c.answer.value = value;
    c.answer.dispatchEvent(new Event('change'));
    c.check(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(c.tokens).toEqual([value]);
    expect(c.container.textContent).not.toContain('Verificado');
    expect(c.tick.checked).toBe(false);
    const said = c.container.querySelector('[aria-live]:not(.captcha__status)');
    expect(said?.textContent).toBe(`${reason}Marca «No soy un robot» para pagar`);
    expect(c.tick.getAttribute('aria-describedby')).toBe(said?.id);
    // The refused token stays for a payment to meet the server's refusal, until a new answer or tick.
    expect(c.expired).not.toHaveBeenCalled();
    c.answer.value = 'person';
    c.answer.dispatchEvent(new Event('change'));
    expect(c.expired).toHaveBeenCalledTimes(1);
    c.check(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(said?.textContent).toBe('');
    expect(c.tick.hasAttribute('aria-describedby')).toBe(false);
    expect(c.container.textContent).toContain('Verificado');
  });

  it('its invisible check gives a person\'s token without drawing anything', async () => {
    expect(await sandboxCaptcha.execute('site-key', null)).toMatch(/^sandbox\.site-key\.\d+$/);
    expect(document.body.children).toHaveLength(0);
  });

  // docs/api.md "Captcha": a token counts only for the merchant it was made for, which it names after `@`.
  it('a token made for a merchant names it, ticked or invisible', async () => {
    vi.useFakeTimers();
    const c = draw('42');
    c.check(true);
    vi.advanceTimersByTime(500);
    expect(c.tokens[0]).toMatch(/^sandbox\.site-key\.\d+@42$/);
    vi.useRealTimers();
    expect(await sandboxCaptcha.execute('site-key', '42')).toMatch(/^sandbox\.site-key\.\d+@42$/);
  });

  it('a new answer after a tick needs a new tick; removing takes the challenge away', () => {
    vi.useFakeTimers();
    const c = draw();
    c.check(true);
    vi.advanceTimersByTime(500);
    c.answer.value = 'fail';
    c.answer.dispatchEvent(new Event('change'));
    expect(c.expired).toHaveBeenCalled();
    expect(c.container.querySelector<HTMLInputElement>('input')?.checked).toBe(false);
    c.remove();
    expect(c.container.children).toHaveLength(0);
  });
});
