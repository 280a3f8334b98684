import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { sandboxCaptcha } from './sandboxCaptcha';

beforeAll(async () => {
  await startI18n('es', catalogs.es);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

function draw(madeFor: string | null = null) {
  const container = document.createElement('div');
  document.body.append(container);
  const tokens: string[] = [];
  const expired = vi.fn();
  const remove = sandboxCaptcha.render(container, { siteKey: 'site-key', lang: 'es', madeFor, onToken: (t) => void tokens.push(t), onExpired: expired });
  const tick = container.querySelector<HTMLInputElement>('input[type="checkbox"]');
  const answer = container.querySelector<HTMLSelectElement>('select');
  if (!tick || !answer) throw new Error('no challenge drawn');
  const check = (checked: boolean) => {
    tick.checked = checked;
    tick.dispatchEvent(new Event('change'));
  };
  return { container, tokens, expired, remove, answer, check };
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
