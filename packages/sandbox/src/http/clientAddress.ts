import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './AppEnv';

/**
 * Which load balancers' X-Forwarded-For is believed: how many stand in front (TRUST_PROXY, every
 * request is assumed to come through them), or their addresses and CIDRs (TRUSTED_PROXIES: the
 * header counts only when the request's peer is one of them, so a client reaching a node directly
 * cannot choose its own address).
 */
export type ProxyTrust = number | readonly string[];

const lists = new WeakMap<readonly string[], BlockList>();

function proxyList(entries: readonly string[]): BlockList {
  const cached = lists.get(entries);
  if (cached) return cached;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  lists.set(entries, list);
  return list;
}

/** True for an entry TRUSTED_PROXIES takes: an IPv4 or IPv6 address, with an optional /prefix. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
}

function isTrusted(list: BlockList, address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The address a request came from: the socket's peer; with TRUST_PROXY=n, the X-Forwarded-For entry
 * the outermost of n load balancers wrote (entries further left are the client's own word); with
 * TRUSTED_PROXIES, the first address from the right that is not a trusted proxy. 'local' for
 * in-process requests (tests).
 */
export function clientAddressOf(c: Context<AppEnv>, trust: ProxyTrust): string {
  const peer = c.env?.incoming?.socket.remoteAddress ?? 'local';
  const forwarded = () => (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (typeof trust === 'number') {
    if (trust <= 0) return peer;
    const chain = [...forwarded(), peer];
    return chain[Math.max(0, chain.length - 1 - trust)] ?? peer;
  }
  const list = proxyList(trust);
  let client = peer;
  const hops = forwarded();
  // Walk back through our own proxies only; the first hop that is not one is the client.
  while (isTrusted(list, client) && hops.length > 0) client = hops.pop() ?? client;
  return client;
}
