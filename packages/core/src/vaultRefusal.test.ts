import { describe, expect, it } from 'vitest';
import { isNotStartedRefusal } from './vaultRefusal';

// docs/operations.md: "refused as not started (`503`, `Vault-Not-Started: 1`)": only that answer may be sent again.
describe('isNotStartedRefusal', () => {
  it.each([
    [503, '1', true],
    [503, null, false],
    [503, undefined, false],
    [503, '0', false],
    [503, ['1', '1'], false],
    [502, '1', false],
    [500, '1', false],
  ] as const)('%i with %j -> %s', (status, header, refused) => {
    expect(isNotStartedRefusal(status, header as string | string[] | null | undefined)).toBe(refused);
  });
});
