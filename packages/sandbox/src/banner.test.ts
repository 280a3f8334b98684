import { describe, expect, it } from 'vitest';
import { startBanner } from './banner';

const base = { url: 'http://localhost:4000', demoUrl: 'http://127.0.0.1:4001', database: 'PGlite' };

// docs/operations.md: PAYMENT_CAPTCHA=0 "turns the requirement off for the whole environment"; the
// start banner says what this node asks of a payment.
describe('the start banner', () => {
  it('says every payment carries the captcha\'s answer by default', () => {
    expect(startBanner(base)).toContain('Captcha: every payment must carry its answer');
  });

  it('says the captcha is off with PAYMENT_CAPTCHA=0, and never that a payment must carry it', () => {
    const banner = startBanner({ ...base, paymentCaptcha: false });
    expect(banner).toContain('Captcha: off (PAYMENT_CAPTCHA=0)');
    expect(banner).not.toContain('must carry its answer');
  });
});
