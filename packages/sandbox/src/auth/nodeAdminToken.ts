import { randomBytes } from 'node:crypto';
import type { ProxyTrust } from '../http/clientAddress';
import { isLoopbackHost } from './adminAccess';

export interface NodeAdminToken {
  /** What the admin API wants: SANDBOX_ADMIN_TOKEN, one made up for this run, or none (open on loopback). */
  adminToken: string | undefined;
  /** A token this run made up, and why the node needs one: shown once, in the start banner. */
  madeUp?: { token: string; reason: string } | undefined;
}

/** What the node's settings say about where requests come from (settings.ts reads them). */
export interface NodeReach {
  /** SANDBOX_ADMIN_TOKEN */
  adminToken: string | undefined;
  /** HOST */
  host: string;
  /** TRUSTED_PROXIES, else TRUST_PROXY */
  trustedProxies: ProxyTrust;
  /** PUBLIC_URL */
  publicUrl: string | undefined;
}

const trustsAProxy = (trust: ProxyTrust): boolean => (typeof trust === 'number' ? trust > 0 : trust.length > 0);

/**
 * Why requests may come from beyond this machine, or undefined when only it reaches the node: a
 * proxy on the machine turns every caller into a loopback one. Then the admin API is never open
 * without a token, and webhooks may not target private addresses unless WEBHOOK_ALLOW_PRIVATE says so.
 */
export function reachedFromBeyond(settings: Omit<NodeReach, 'adminToken'>): string | undefined {
  if (!isLoopbackHost(settings.host)) return `Listening on ${settings.host}`;
  if (trustsAProxy(settings.trustedProxies)) return 'Behind a proxy (TRUST_PROXY or TRUSTED_PROXIES)';
  // URL writes an IPv6 host in brackets ([::1]).
  const publicHost = settings.publicUrl === undefined ? undefined : new URL(settings.publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  if (publicHost !== undefined && !isLoopbackHost(publicHost)) return `Reached as ${settings.publicUrl ?? ''} (PUBLIC_URL)`;
  return undefined;
}

/** The node's admin token: SANDBOX_ADMIN_TOKEN, else one made up whenever requests may come from beyond the machine. */
export function nodeAdminToken(settings: NodeReach): NodeAdminToken {
  if (settings.adminToken !== undefined) return { adminToken: settings.adminToken };
  const reason = reachedFromBeyond(settings);
  if (reason === undefined) return { adminToken: undefined };
  const token = randomBytes(24).toString('base64url');
  return { adminToken: token, madeUp: { token, reason } };
}
