import { describe, expect, it } from 'vitest';
import { acceptedCaptchaScore, captchaCheckBody, captchaErrorKey, captchaRefusalKey, captchaUseKeepMs } from './captcha';

describe('SPEC 4 "Captcha: a valid score enables the payment"', () => {
  it.each([
    ['demo', null, 1, null, '"always accepted (score 1)" in the sandbox'],
    ['dev', { valid: false, score: 0 }, 1, null, 'dev always accepts'],
    ['preprod', null, 1, null, 'preprod always accepts'],
    ['prod', { valid: true, score: 0.9 }, 0.9, null, 'a valid score'],
    ['prod', { valid: true, score: 0.5 }, 0.5, null, 'the threshold passes'],
    ['prod', { valid: true, score: null }, 1, null, 'valid without score (v2) counts as 1'],
    ['test', { valid: true, score: 0.2 }, null, 'invalid_score_captcha', 'a low score'],
    ['prod', { valid: false, score: 0.9 }, null, 'error_captcha', 'not valid'],
    ['prod', null, null, 'error_captcha', 'no answer'],
  ] as const)('%s %j -> %s %s (%s)', (env, response, score, key, _rule) => {
    expect(acceptedCaptchaScore(env, response)).toBe(score);
    expect(captchaErrorKey(env, response)).toBe(key);
  });

  it('SPEC 7 "body token, siteKey, userAction CHECKOUT"', () => {
    expect(captchaCheckBody('t', 'k')).toEqual({ token: 't', siteKey: 'k', userAction: 'CHECKOUT' });
  });
});

describe('the server\'s verdict on a payment\'s captcha token (any environment)', () => {
  it.each([
    [{ valid: true, score: 0.9 }, null, 'a person'],
    [{ valid: true, score: null }, null, 'v2 without score'],
    [{ valid: true, score: 0.1 }, 'invalid_score_captcha', 'SPEC 8 invalid_score_captcha: a low score'],
    [{ valid: true, score: 0.5 }, null, 'the threshold passes'],
    [{ valid: false, score: 0.1 }, 'error_captcha', 'SPEC 8 error_captcha: not valid'],
  ] as const)('%j -> %s (%s)', (response, key, _rule) => {
    expect(captchaRefusalKey(response)).toBe(key);
  });
});

describe('docs/api.md "Captcha": a spent token is kept a day, or as long as its service lets a token live', () => {
  const MINUTE = 60_000;
  it.each([
    [2 * MINUTE, 24 * 60 * MINUTE, 'reCAPTCHA and hCaptcha (2 minutes): a day, for a retry of the same payment'],
    [5 * MINUTE, 24 * 60 * MINUTE, 'Turnstile (5 minutes): a day'],
    [48 * 60 * MINUTE, 48 * 60 * MINUTE, 'a service whose tokens live two days: until they lapse'],
  ])('a token life of %i ms -> kept %i ms (%s)', (life, kept, _service) => {
    expect(captchaUseKeepMs(life)).toBe(kept);
  });
});
