import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookTarget, WebhookTargetRefused } from './webhookTarget';

// IPv6 ranges no public host has, at both ends, beside the public addresses just outside them
// (src/security/webhookUrls.test.ts has the rest of the rule's table).
describe('isPublicAddress, IPv6 ranges that are not globally reachable', () => {
  it.each([
    // RFC 9637: 3fff::/20, documentation, beside 2001:db8::/32.
    '3fff::', '3fff::1', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff',
    // RFC 9602: 5f00::/16, segment routing (SRv6) SIDs, reachable only inside an operator's network.
    '5f00::', '5f00::1', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff:1000::1', '5eff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '5f01::1'])(
    '%s is public',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );
});

describe('webhookTarget', () => {
  it.each(['http://[3fff::1]/hooks', 'https://[5f00::1]:8443/hooks'])('refuses %s', async (url) => {
    await expect(webhookTarget(url, false)).rejects.toBeInstanceOf(WebhookTargetRefused);
  });
});
