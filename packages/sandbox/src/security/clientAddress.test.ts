import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../http/AppEnv';
import { clientAddressOf, isProxyEntry } from '../http/clientAddress';
import { readSettings } from '../settings';

// Rate limits count per client address: behind load balancers that address comes from
// X-Forwarded-For, which a client reaching a node directly must not be able to choose.

/** The two things clientAddressOf reads of a request: the socket's peer and the header. */
function request(peer: string, forwardedFor?: string): Context<AppEnv> {
  const fake = { env: { incoming: { socket: { remoteAddress: peer } } }, req: { header: (name: string) => (name === 'x-forwarded-for' ? forwardedFor : undefined) } };
  return fake as unknown as Context<AppEnv>;
}

const LB = ['10.0.0.0/24', '2001:db8::5'];

describe('TRUSTED_PROXIES: X-Forwarded-For is believed only from the load balancers', () => {
  it('a client reaching the node directly is its socket address, whatever header it forges', () => {
    expect(clientAddressOf(request('203.0.113.9', '1.2.3.4'), LB)).toBe('203.0.113.9');
    expect(clientAddressOf(request('203.0.113.9', '10.0.0.1, 1.2.3.4'), LB)).toBe('203.0.113.9');
  });
  it('through the load balancer, the entry it wrote; a forged entry further left is ignored', () => {
    expect(clientAddressOf(request('10.0.0.7', '198.51.100.7'), LB)).toBe('198.51.100.7');
    expect(clientAddressOf(request('::ffff:10.0.0.7', '6.6.6.6, 198.51.100.7'), LB)).toBe('198.51.100.7');
    expect(clientAddressOf(request('2001:db8::5', '10.0.0.9, 198.51.100.8'), LB)).toBe('198.51.100.8');
    // The balancer itself calling (a health check with no header) is the balancer.
    expect(clientAddressOf(request('10.0.0.7'), LB)).toBe('10.0.0.7');
  });
  it('TRUST_PROXY=1 (a count) believes the last entry whoever sent it: why TRUSTED_PROXIES exists', () => {
    expect(clientAddressOf(request('203.0.113.9', '1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(clientAddressOf(request('203.0.113.9', '1.2.3.4'), 0)).toBe('203.0.113.9');
  });
  it('reads TRUSTED_PROXIES, which takes the place of TRUST_PROXY, and refuses what is not an address', () => {
    expect(readSettings({ TRUSTED_PROXIES: '10.0.0.0/24, 2001:db8::5', TRUST_PROXY: '1' }).trustedProxies).toEqual(LB);
    expect(readSettings({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
    expect(() => readSettings({ TRUSTED_PROXIES: 'lb.internal' })).toThrow('TRUSTED_PROXIES');
    expect(['10.0.0.0/33', '10.0.0.1/8/1', 'x', '::1/129'].map(isProxyEntry)).toEqual([false, false, false, false]);
  });
});
