import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// The one webhook-target rule (docs/webhooks.md "Webhook URLs"): every door that takes or sends to a
// URL asks it. The URL is read by the WHATWG parser, so every spelling of an address (2130706433,
// 0x7f.1, 127.1, 0177.0.0.1, [::ffff:127.0.0.1], user@host) is judged as the address it is.

/** The sandbox's own machine and network, the cloud's metadata service, and every range no public host has (IANA special-purpose registries). */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // ::/96 holds :: and ::1 and the old IPv4-compatible form (::7f00:1).
  ['::', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
  // Documentation's second block (RFC 9637), and SRv6 segment ids, routed only inside an operator's network (RFC 9602).
  ['3fff::', 20], ['5f00::', 16],
  // Teredo and the other protocol assignments, 6to4 and local-use NAT64: each can carry an inner IPv4 address.
  ['2001::', 23], ['2002::', 16], ['64:ff9b:1::', 48],
] as const) INTERNAL.addSubnet(net, prefix, 'ipv6');

/** Names no public host has: RFC 6761 `localhost`, `.internal` (metadata.google.internal), mDNS `.local`, `home.arpa`. */
const INTERNAL_NAME = /(^|\.)(localhost|internal|local|localdomain|home\.arpa)$/;

/** fd00:ec2::254 is ULA, 169.254.169.254 link-local. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !INTERNAL.check(address, 'ipv4');
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  // IPv4 written as IPv6 (::ffff:, NAT64) is judged as IPv4.
  const embedded = /^(?:::ffff:|64:ff9b::)(?:0:)?([0-9a-f.:]+)$/.exec(lower)?.[1];
  if (embedded !== undefined) return isPublicAddress(embeddedIpv4(embedded));
  return !INTERNAL.check(lower, 'ipv6');
}

function embeddedIpv4(tail: string): string {
  if (isIP(tail) === 4) return tail;
  const groups = tail.split(':');
  if (groups.length !== 2) return '0.0.0.0';
  const [high, low] = groups.map((g) => parseInt(g, 16));
  if (high === undefined || low === undefined || Number.isNaN(high) || Number.isNaN(low)) return '0.0.0.0';
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** A host name that is internal by its name alone: a reserved one, or a single label (`metadata`, an intranet host). */
export function isInternalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return !name.includes('.') || INTERNAL_NAME.test(name);
}

export class WebhookTargetRefused extends Error {
  override readonly name = 'WebhookTargetRefused';
  /** Never the address. */
  readonly code = 'address_not_public';
}

export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const resolveAll: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Whether a delivery to an endpoint may reach a private address: only when the endpoint was accepted
 * under a rule that allowed them (null: recorded before the rule was, it follows the deployment) and
 * the deployment allows them now. The claiming node's setting can narrow it, never widen it.
 */
export function privateTargetsAllowed(recorded: boolean | null | undefined, deploymentAllows: boolean): boolean {
  return deploymentAllows && recorded !== false;
}

/**
 * Every resolved address must be public, and the caller connects to the one returned, so DNS
 * rebinding cannot swap in another: one lookup per call.
 */
export async function webhookTarget(url: string, allowPrivate: boolean, resolve: Resolver = resolveAll): Promise<{ address: string; family: 4 | 6 }> {
  const hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(hostname);
  if (!allowPrivate && literal === 0 && isInternalName(hostname)) throw new WebhookTargetRefused(`${hostname} is not a public name`);
  const addresses = literal !== 0 ? [{ address: hostname, family: literal }] : await resolve(hostname);
  const first = addresses[0];
  if (!first) throw new WebhookTargetRefused(`${hostname} resolves to no address`);
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookTargetRefused(`${hostname} is not a public address`);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
