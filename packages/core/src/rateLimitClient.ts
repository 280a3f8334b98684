/**
 * The client a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64. A home, a
 * phone or a server is given a whole /64 and can send from any of its 2^64 addresses, so counting
 * each address would let one client past any limit (the card vault's tokenizing, the server's logins
 * and payments); the /64 is what one client holds. An address it cannot read is counted as given.
 */
export function rateLimitClientOf(address: string): string {
  if (!address.includes(':')) return address;
  const bare = (address.split('%')[0] ?? '').toLowerCase();
  const halves = bare.split('::');
  if (halves.length > 2) return address;
  const groupsOf = (half: string | undefined) => (half ? half.split(':') : []);
  const left = groupsOf(halves[0]);
  const right = groupsOf(halves[1]);
  // An IPv4 tail (::ffff:10.0.0.5, 64:ff9b::10.0.0.5) stands for two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = halves.length === 2 ? [...left, ...Array<string>(Math.max(8 - width(left) - width(right), 0)).fill('0'), ...right] : left;
  const prefix = groups.slice(0, 4);
  if (prefix.length < 4 || !prefix.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${prefix.map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}
