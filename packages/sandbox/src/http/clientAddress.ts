import type { Context } from 'hono';
import type { AppEnv } from './AppEnv';

/**
 * The address a request came from: the socket's peer, or with trustedProxies load balancers in
 * front, the X-Forwarded-For entry that the outermost trusted one wrote (entries further left
 * are the client's own word and could be forged). 'local' for in-process requests (tests).
 */
export function clientAddressOf(c: Context<AppEnv>, trustedProxies: number): string {
  const peer = c.env?.incoming?.socket.remoteAddress ?? 'local';
  if (trustedProxies <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedProxies)] ?? peer;
}
