import { describe, expect, it } from 'vitest';
import { rateLimitClientOf } from './rateLimitClient';

describe('rateLimitClientOf: an IPv6 client counted by its /64, an IPv4 one by its address', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv6 address', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['another address of the same /64: the same client', '2001:0db8:0001:0002:ffff:eeee:dddd:cccc', '2001:db8:1:2::/64'],
    ['the next /64: another client', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['compressed at the start', '::1', '0:0:0:0::/64'],
    ['compressed in the middle', '2001:db8::7', '2001:db8:0:0::/64'],
    ['upper case and a zone', '2001:DB8:A::1%eth0', '2001:db8:a:0::/64'],
    ['an IPv4 tail', '64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['not an address: as given', 'unknown', 'unknown'],
    ['two "::": as given', '1::2::3', '1::2::3'],
  ])('%s: %s -> %s', (_what, address, client) => {
    expect(rateLimitClientOf(address)).toBe(client);
  });
});
