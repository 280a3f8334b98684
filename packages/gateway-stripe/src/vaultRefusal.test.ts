import { describe, expect, it } from 'vitest';
import { VAULT_NOT_STARTED_HEADER as CORE_HEADER, isNotStartedRefusal as coreIsNotStartedRefusal } from '@pasarela/core';
import { VAULT_NOT_STARTED_HEADER, isNotStartedRefusal } from './stripeCall';

// The adapter's copy of the card vault's not-started refusal (it depends on no Pasarela package but the
// kit) is @pasarela/core's, which the vault answers with.
describe('the card vault\'s not-started refusal', () => {
  it('is read as core reads it', () => {
    expect(VAULT_NOT_STARTED_HEADER).toBe(CORE_HEADER);
    const answers: Array<[number, string | string[] | undefined]> = [[503, '1'], [503, '0'], [503, undefined], [502, '1'], [200, '1'], [503, ['1']]];
    for (const [status, value] of answers) {
      expect(isNotStartedRefusal(status, value), `${status} ${String(value)}`).toBe(coreIsNotStartedRefusal(status, value));
    }
  });
});
