import { describe, expect, it } from 'vitest';
import { isPastMailLimit, MAIL_LIMITS, secondsUntil } from './mailLimits';

const HOUR_MS = 60 * 60 * 1000;

describe('docs/api.md: at most 5 codes an hour to one address, 5 payment requests an hour to one address and 20 a day from one account', () => {
  it.each([
    ['registration_code', 'recipient', 5, HOUR_MS],
    ['recovery_code', 'recipient', 5, HOUR_MS],
    ['payment_request', 'recipient', 5, HOUR_MS],
    ['payment_request', 'sender', 20, 24 * HOUR_MS],
  ] as const)('%s: per %s, %i in %i ms', (kind, per, max, windowMs) => {
    expect(MAIL_LIMITS[kind]).toContainEqual({ per, max, windowMs });
  });

  it.each([
    // [count taken, limit, refused]
    [1, 5, false],
    [5, 5, false],
    [6, 5, true],
    [21, 20, true],
    [20, 20, false],
  ])('e-mail %i of a limit of %i: refused %j', (count, max, refused) => {
    expect(isPastMailLimit(count, { per: 'recipient', max, windowMs: HOUR_MS })).toBe(refused);
  });
});

describe('Retry-After: whole seconds until the window ends, never 0', () => {
  it.each([
    [10_000, 0, 10],
    [10_001, 0, 11],
    [500, 0, 1],
    [0, 0, 1],
    [0, 5_000, 1],
  ])('ends %i, now %i -> %i s', (endsAt, now, seconds) => {
    expect(secondsUntil(endsAt, now)).toBe(seconds);
  });
});
