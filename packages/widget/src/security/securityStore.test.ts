import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Environment } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { sandboxCaptcha } from './sandboxCaptcha';
import { createSecurityStore } from './securityStore';
import type { CaptchaProvider, FingerprintProvider } from './types';

const fingerprint: FingerprintProvider = { identify: async () => ({ visitorId: 'fp_device_1234', requestId: '1700.abcdef' }) };
/** The provider's invisible check: a token for the site key, without a challenge. */
const captcha: Pick<CaptchaProvider, 'execute'> = { execute: async (siteKey, madeFor) => `invisible.${siteKey}${madeFor === null ? '' : `@${madeFor}`}` };

/** The sandbox's answers: the system config keys and a captcha check that answers `check`. */
function fakeApi(check: { valid: boolean; score: number | null }): ApiClient {
  const answers: Record<string, unknown> = {
    'props::GOOGLE': { kind: 'GOOGLE', props: { captchaSiteKey: 'site-key' } },
    'props::FINGERPRINT': { kind: 'FINGERPRINT', props: { publicKey: 'fp-key' } },
  };
  return {
    get: async (_path: string, schema: v.GenericSchema, query?: Record<string, unknown>) => v.parse(schema, answers[String(query?.['props'])]),
    post: async (_path: string, schema: v.GenericSchema) => v.parse(schema, check),
    put: async () => {
      throw new Error('no put');
    },
  } as unknown as ApiClient;
}

// SPEC 4 "Captcha: a valid score enables the payment. In non-qa/non-production environments ... it
// is always accepted (score 1)."
describe('securityStore.forPayment: what a payment carries, or why it may not be made', () => {
  it.each([
    ['demo', null, null, { captchaToken: 'invisible.site-key', scoreCaptcha: 1 }, 'no tick in the sandbox: always accepted, with the invisible check\'s token'],
    ['dev', null, null, { captchaToken: 'invisible.site-key', scoreCaptcha: 1 }, 'no tick in dev: the same'],
    ['prod', null, null, 'error_captcha', 'no tick in production: the payer must tick'],
    ['prod', 'tok', { valid: true, score: 0.9 }, { captchaToken: 'tok', scoreCaptcha: 0.9 }, 'a person'],
    ['test', 'tok', { valid: true, score: 0.1 }, 'invalid_score_captcha', 'a low score in qa'],
    ['prod', 'tok', { valid: false, score: 0.1 }, 'error_captcha', 'a refused token'],
    ['demo', 'fail', { valid: false, score: 0.1 }, { captchaToken: 'fail', scoreCaptcha: 1 }, 'the sandbox accepts; its server refuses the token'],
  ] as const)('%s, token %s, check %j -> %j (%s)', async (env, token, check, expected, _rule) => {
    const store = createSecurityStore({ api: fakeApi(check ?? { valid: true, score: 1 }), env: env as Environment, fingerprint, captcha, merchantId: null });
    await store.started;
    if (token) store.setToken(token);
    const paying = store.forPayment();
    if (typeof expected === 'string') {
      await expect(paying).rejects.toMatchObject({ code: expected });
    } else {
      expect(await paying).toEqual({ ...expected, deviceFingerprint: 'fp_device_1234', fingerprintRequestId: '1700.abcdef' });
    }
  });

  it.each([
    ['prod', 'error_captcha'],
    ['demo', 'invisible.site-key'],
  ] as const)('%s: a ticked token goes to one payment only; the next payment (a retry after a decline) needs a new one (%s)', async (env, next) => {
    const store = createSecurityStore({ api: fakeApi({ valid: true, score: 0.9 }), env, fingerprint, captcha, merchantId: null });
    await store.started;
    store.setToken('tok');
    expect(await store.forPayment()).toMatchObject({ captchaToken: 'tok' });
    expect(store.getState()).toMatchObject({ token: null, spent: 1 });
    const again = store.forPayment();
    if (next === 'error_captcha') await expect(again).rejects.toMatchObject({ code: next });
    else expect(await again).toMatchObject({ captchaToken: next });
  });

  it('the invisible token given to a payment names the merchant being paid', async () => {
    const store = createSecurityStore({ api: fakeApi({ valid: true, score: 1 }), env: 'demo', fingerprint, captcha: sandboxCaptcha, merchantId: 42 });
    await store.started;
    expect(store.madeFor).toBe('42');
    expect((await store.forPayment()).captchaToken).toMatch(/^sandbox\.site-key\.\d+@42$/);
  });

  it.each([
    [{ valid: false, score: 0.1 }, 'error_captcha'],
    [{ valid: true, score: 0.1 }, 'invalid_score_captcha'],
    [{ valid: true, score: 0.9 }, null],
  ] as const)('a token handed over resolves with what every payment carrying it meets, whatever the environment accepts: %j -> %s', async (check, refusal) => {
    const store = createSecurityStore({ api: fakeApi(check), env: 'demo', fingerprint, captcha, merchantId: null });
    await store.started;
    expect(await store.setToken('tok')).toBe(refusal);
  });

  it('reads the site key from the system config; an untick forgets the token', async () => {
    const store = createSecurityStore({ api: fakeApi({ valid: true, score: 0.9 }), env: 'prod', fingerprint, captcha, merchantId: null });
    await store.started;
    expect(store.getState().siteKey).toBe('site-key');
    store.setToken('tok');
    store.clearToken();
    await expect(store.forPayment()).rejects.toMatchObject({ code: 'error_captcha' });
  });

  it('in the sandbox, a payment whose invisible check failed is not sent without a token', async () => {
    const broken = { execute: async () => Promise.reject(new Error('provider unreachable')) };
    const store = createSecurityStore({ api: fakeApi({ valid: true, score: 1 }), env: 'demo', fingerprint, captcha: broken, merchantId: null });
    await store.started;
    await expect(store.forPayment()).rejects.toMatchObject({ code: 'error_captcha' });
  });
});
