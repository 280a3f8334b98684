import { BlockList, isIP } from 'node:net';

/** An IP address or a CIDR (`10.0.0.0/24`, `2001:db8::/32`): one entry of VAULT_TRUSTED_PROXIES. */
export function isProxyEntry(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
}

export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

// A dual-stack socket tells an IPv4 peer as ::ffff:10.0.0.5.
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The payer's address: the socket's peer, unless the peer is a trusted proxy; then the first address
 * of X-Forwarded-For from the right that is not one. Addresses left of it are the client's own word,
 * and a client reaching the vault directly is its peer whatever the header says.
 */
export function clientAddressOf(peer: string, forwardedFor: string | undefined, proxies: BlockList): string {
  const hops = (forwardedFor ?? '').split(',').map((hop) => plainAddress(hop.trim())).filter((hop) => hop !== '');
  let client = plainAddress(peer);
  while (isTrusted(proxies, client) && hops.length > 0) client = hops.pop() ?? client;
  return client;
}
