import { describe, expect, it } from 'vitest';
import { declineFieldOf } from './cardDecline';

describe('SPEC 4 "any other status shows an error": the decline is shown beside the field that can fix it', () => {
  it.each([
    ['INCORRECT_CVC', 'cvc'],
    ['incorrect_cvc', 'cvc'],
    ['EXPIRED_CARD', 'cardnumber'],
    ['INSUFFICIENT_FUNDS', 'cardnumber'],
    ['DECLINED', 'cardnumber'],
    ['AUTHENTICATION_FAILED', 'cardnumber'],
    ['', 'cvc'],
    [' DECLINED ', 'cardnumber'],
    [null, 'cvc'],
    ['PROCESSING_ERROR', 'cvc'],
  ] as const)('%s -> %s', (authStatus, field) => {
    expect(declineFieldOf(authStatus)).toBe(field);
  });
});
