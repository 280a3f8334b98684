import { expect, expectTypeOf, it } from 'vitest';
import { MERCHANT_CANCEL_REASONS, type MerchantCancelReason } from '@pasarela/core';
import { KNOWN_CANCEL_REASONS, type KnownCancelReason } from '@pasarela/node';

// @pasarela/node carries no dependency on core, so its copy of the server's cancel reasons is
// compared here, where both are at hand: a reason the server adds fails this until the client knows it.

it('@pasarela/node knows every cancel reason the merchant API sends, and no other', () => {
  expect([...KNOWN_CANCEL_REASONS].sort()).toEqual([...MERCHANT_CANCEL_REASONS].sort());
  expectTypeOf<KnownCancelReason>().toEqualTypeOf<MerchantCancelReason>();
});
