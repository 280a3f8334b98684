import { environmentOfHost, ENVIRONMENTS, type Environment } from '@pasarela/core';
import type { Services } from '../services/services';
import { CaptchaBox } from './CaptchaBox';
import { sandboxCaptcha } from './sandboxCaptcha';
import { sandboxFingerprint } from './sandboxFingerprint';
import { createSecurityStore } from './securityStore';
import type { CaptchaProvider, FingerprintProvider } from './types';

/** A real provider plugs in here (grecaptcha.render, a fingerprint agent); no flow changes. */
export function providersFor(_env: Environment): { captcha: CaptchaProvider; fingerprint: FingerprintProvider } {
  return { captcha: sandboxCaptcha, fingerprint: sandboxFingerprint };
}

const environmentOf = (configured: string): Environment =>
  (ENVIRONMENTS as readonly string[]).includes(configured) ? (configured as Environment) : environmentOfHost(location.host);

/** `merchantId`: the merchant being paid, whose id each captcha token names (null when not known). */
export function createCheckoutSecurity(services: Services, merchantId: number | null) {
  const env = environmentOf(services.config.env);
  const providers = providersFor(env);
  const store = createSecurityStore({ api: services.api, env, fingerprint: providers.fingerprint, captcha: providers.captcha, merchantId });
  return {
    forPayment: () => store.forPayment(),
    View: ({ disabled, hidden }: { disabled: boolean; hidden?: boolean | undefined }) => <CaptchaBox store={store} provider={providers.captcha} disabled={disabled} hidden={hidden} />,
  };
}
export type CheckoutSecurity = ReturnType<typeof createCheckoutSecurity>;
