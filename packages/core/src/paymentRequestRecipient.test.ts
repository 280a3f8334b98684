import { describe, expect, it } from 'vitest';
import { requestsOwnAddress } from './paymentRequestRecipient';

// SPEC 7 "send activities": a payment request is e-mailed to someone who pays the sender.
describe('requestsOwnAddress', () => {
  it.each([
    ['ana@example.com', 'ana@example.com', true],
    ['ANA@Example.COM', 'ana@example.com', true],
    [' ana@example.com ', 'ana@example.com', true],
    ['ana@example.com', 'Ana@Example.com', true],
    ['ana2@example.com', 'ana@example.com', false],
    ['ana@example.co', 'ana@example.com', false],
    ['ana@example.com', '', false],
  ])('%s asked by %s: %s', (to, sender, own) => {
    expect(requestsOwnAddress(to, sender)).toBe(own);
  });
});
