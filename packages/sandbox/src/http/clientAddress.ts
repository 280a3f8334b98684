import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from './AppEnv';

/** TRUST_PROXY: how many load balancers stand in front; TRUSTED_PROXIES: their addresses, so a client reaching a node directly cannot choose its own address. */
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
 * The socket's peer; with TRUST_PROXY=n, the entry the outermost of n balancers wrote (entries further
 * left are the client's word); with TRUSTED_PROXIES, the first from the right not a proxy. 'local' in process.
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
  while (isTrusted(list, client) && hops.length > 0) client = hops.pop() ?? client;
  return client;
}
