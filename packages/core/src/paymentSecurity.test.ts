import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { PaymentSecurityEntries, securityFields } from './paymentSecurity';

const security = { deviceFingerprint: 'fp_3f9a0c1d2e4b', fingerprintRequestId: 'req.1700000000.ab12', captchaToken: 'tok', scoreCaptcha: 0.9 };
const Schema = v.object(PaymentSecurityEntries);

describe('SPEC 3 "deviceInformation (deviceFingerprint), pfFingerprint, pfFingerprintIntegration"; SPEC 9 "FINGER_PRINT"', () => {
  it('writes the device id, the request id and the integration type', () => {
    expect(securityFields(security)).toEqual({
      deviceInformation: { deviceFingerprint: 'fp_3f9a0c1d2e4b' },
      pfFingerprint: 'req.1700000000.ab12',
      pfFingerprintIntegration: 'FINGER_PRINT',
      captchaToken: 'tok',
      scoreCaptcha: 0.9,
    });
    expect(v.is(Schema, securityFields(security))).toBe(true);
  });

  it('SPEC 4 "always accepted (score 1)": no token is sent where none was asked for', () => {
    expect(securityFields({ ...security, captchaToken: null, scoreCaptcha: 1 })).not.toHaveProperty('captchaToken');
  });

  it.each([
    [{ pfFingerprint: 'short' }, 'invalid_fingerprint', 'ids of 8 characters or more'],
    [{ pfFingerprint: '<script>alert(1)</script>' }, 'invalid_fingerprint', 'no markup'],
    [{ pfFingerprintIntegration: 'OTHER' }, 'missing_arguments', 'only FINGER_PRINT'],
    [{ scoreCaptcha: 2 }, 'invalid_score_captcha', 'scores are 0 to 1'],
    [{ captchaToken: '' }, 'error_captcha', 'an empty token'],
  ] as const)('%j is refused with %s (%s)', (body, message, _rule) => {
    const parsed = v.safeParse(Schema, body);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.message).toBe(message);
  });
});
