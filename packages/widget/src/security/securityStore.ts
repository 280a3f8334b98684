import * as v from 'valibot';
import { createStore } from 'zustand/vanilla';
import {
  SECURITY_CONFIG_CALLS, acceptedCaptchaScore, captchaAlwaysAccepted, captchaCheckBody, captchaErrorKey, captchaRefusalKey, CaptchaCheckResponseSchema, PasarelaError,
  type ApiCall, type CaptchaCheckResponse, type Environment, type PaymentSecurity,
} from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { CaptchaProvider, CaptchaRefusal, FingerprintIds, FingerprintProvider } from './types';

const [GOOGLE_CONFIG, FINGERPRINT_CONFIG] = SECURITY_CONFIG_CALLS as [ApiCall, ApiCall];
const GoogleConfigSchema = v.object({ props: v.object({ captchaSiteKey: v.string() }) });
const FingerprintConfigSchema = v.object({ props: v.object({ publicKey: v.string() }) });

export interface SecurityState {
  /** Null also when it failed: no challenge is shown. */
  siteKey: string | null;
  token: string | null;
  response: CaptchaCheckResponse | null;
  fingerprint: FingerprintIds | null;
  /** Tokens handed to payments so far: each counts once at the captcha service, so the box starts again after each. */
  spent: number;
}

export interface SecurityDeps {
  api: ApiClient;
  env: Environment;
  fingerprint: FingerprintProvider;
  captcha: Pick<CaptchaProvider, 'execute'>;
  /** The merchant being paid, named by every token this store hands to a payment; null when not known. */
  merchantId: number | null;
}

const randomId = () => `fp_session_${crypto.getRandomValues(new Uint32Array(3)).join('')}`;

export function createSecurityStore(deps: SecurityDeps) {
  let checking: Promise<void> = Promise.resolve();
  const store = createStore<SecurityState>()(() => ({ siteKey: null, token: null, response: null, fingerprint: null, spent: 0 }));

  const started = (async () => {
    const [google, fingerprintKey] = await Promise.all([
      deps.api.get(GOOGLE_CONFIG.path, GoogleConfigSchema, GOOGLE_CONFIG.query).then((c) => c.props.captchaSiteKey, () => null),
      deps.api.get(FINGERPRINT_CONFIG.path, FingerprintConfigSchema, FINGERPRINT_CONFIG.query).then((c) => c.props.publicKey, () => null),
    ]);
    store.setState({ siteKey: google });
    // Without the provider's answer the payment still carries ids, this session's own.
    const ids = fingerprintKey ? await deps.fingerprint.identify(fingerprintKey).catch(() => null) : null;
    store.setState({ fingerprint: ids ?? { visitorId: randomId(), requestId: randomId() } });
  })();

  const madeFor = deps.merchantId === null ? null : String(deps.merchantId);
  return Object.assign(store, {
    started,
    madeFor,
    /** Resolves with why the captcha service refuses the token (what every payment carrying it meets), null when it does not. */
    setToken(token: string): Promise<CaptchaRefusal | null> {
      store.setState({ token, response: null });
      const siteKey = store.getState().siteKey ?? '';
      // An answer for a token the payer has since replaced is dropped.
      const answer = (response: CaptchaCheckResponse | null) => {
        if (store.getState().token === token) store.setState({ response });
      };
      const check = deps.api.post('captcha/check', CaptchaCheckResponseSchema, captchaCheckBody(token, siteKey));
      checking = check.then(answer, () => answer(null));
      // Unanswered, nothing is said of it: the payment then asks the server, which decides.
      return check.then(captchaRefusalKey, () => null);
    },
    clearToken() {
      store.setState({ token: null, response: null });
    },
    async forPayment(): Promise<PaymentSecurity> {
      await started;
      await checking;
      const { token, response, fingerprint } = store.getState();
      const ids = fingerprint ?? { visitorId: randomId(), requestId: randomId() };
      const base = { deviceFingerprint: ids.visitorId, fingerprintRequestId: ids.requestId };
      if (token) {
        const score = acceptedCaptchaScore(deps.env, response);
        if (score === null) throw new PasarelaError({ code: captchaErrorKey(deps.env, response) ?? 'error_captcha', category: 'validation' });
        // A token counts once (docs/api.md "Captcha"): the next payment, a retry after a decline too, needs a new one.
        store.setState((s) => ({ token: null, response: null, spent: s.spent + 1 }));
        return { ...base, captchaToken: token, scoreCaptcha: score };
      }
      // Outside qa and production the payer is not asked to tick, yet the server verifies an invisible token (docs/api.md "Captcha").
      if (captchaAlwaysAccepted(deps.env)) {
        const invisible = await deps.captcha.execute(store.getState().siteKey ?? '', madeFor).catch(() => null);
        if (invisible) return { ...base, captchaToken: invisible, scoreCaptcha: 1 };
        throw new PasarelaError({ code: 'error_captcha', category: 'validation' });
      }
      // Not ticked: the alert says to tick (ui/NextStep), as after any refusal.
      throw new PasarelaError({ code: 'error_captcha', category: 'validation' });
    },
  });
}
export type SecurityStore = ReturnType<typeof createSecurityStore>;
