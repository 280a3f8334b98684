import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TOLERANCE_S, signNotification, verifyNotificationSignature } from './signedNotifications';

describe('notification signatures', () => {
  const body = '{"id":"evt_1"}';
  const now = 1_800_000_000;

  it('verifies its own signature, and nothing else', () => {
    const header = signNotification(body, 'secret', now);
    expect(verifyNotificationSignature(body, header, 'secret', now)).toBe(true);
    expect(verifyNotificationSignature(`${body} `, header, 'secret', now)).toBe(false);
    expect(verifyNotificationSignature(body, header, 'other', now)).toBe(false);
    expect(verifyNotificationSignature(body, null, 'secret', now)).toBe(false);
  });

  it('refuses a signature older than the tolerance (a replay)', () => {
    const header = signNotification(body, 'secret', now - NOTIFICATION_TOLERANCE_S - 1);
    expect(verifyNotificationSignature(body, header, 'secret', now)).toBe(false);
  });
});
