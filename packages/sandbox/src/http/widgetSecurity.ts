import { createHash } from 'node:crypto';
import { isAllowedPage } from '@pasarela/core';
import type { MerchantRow } from '../store/merchants';

/**
 * Inline <style> elements are named by sha256, with no 'unsafe-inline', so an injected style is not
 * applied. No form is ever submitted by the browser, so what a payer types into the prerendered form
 * before the script runs can go nowhere.
 */
export function widgetCsp(styleHashes: readonly string[], scriptHashes: readonly string[] = [], vaultOrigin?: string): string {
  const styles = ["'self'", ...styleHashes].join(' ');
  const scripts = ["'self'", ...scriptHashes].join(' ');
  // The card vault's fields page is the one page framed by the checkout (issue 90).
  const frames = vaultOrigin ? `; frame-src 'self' ${vaultOrigin}` : '';
  // 'self' covers the page's own live socket (ws: and wss: on its host, CSP Level 3); a browser that
  // reads it otherwise follows the payment by polling (payments/watchPayment.ts). No socket elsewhere.
  return `default-src 'self'; script-src ${scripts}; style-src ${styles}; img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; object-src 'none'${frames}`;
}

export function cspHashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => cspHashOf(m[1] ?? ''));
}

/** The page's inline scripts that run (not its JSON data blocks, not those with a src): each allowed by its hash. */
export function scriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !/\ssrc=|\stype="application\/json"/i.test(attributes))
    .map((m) => cspHashOf(m[2] ?? ''));
}

/** Anything else could smuggle a directive into the header. */
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/** Who may frame a merchant's checkout pages: the policy's sources, and whether a page's exact origin is among them. */
export interface Framing {
  ancestors: string;
  allows(parentOrigin: string): boolean;
}

const ANY_PAGE: Framing = { ancestors: '*', allows: () => true };

/**
 * With domain validation, the merchant's domains and subdomains (as card payments check them), the
 * demo shop and the checkout's own pages ('self': `ownOrigin` as payers reach it); else any page.
 */
export function framingOf(merchant: Pick<MerchantRow, 'domain_validation' | 'allowed_domains'> | undefined, demoOrigin: string | undefined, ownOrigin?: string): Framing {
  if (!merchant?.domain_validation) return ANY_PAGE;
  const allowed = Array.isArray(merchant.allowed_domains) ? merchant.allowed_domains : [];
  const hosts = allowed.filter((d): d is string => typeof d === 'string' && HOST.test(d.trim())).map((d) => d.trim().toLowerCase());
  const sources = ["'self'", ...(demoOrigin ? [demoOrigin] : []), ...hosts.flatMap((h) => [h, `*.${h}`])];
  return {
    ancestors: [...new Set(sources)].join(' '),
    allows: (parentOrigin) => parentOrigin === demoOrigin || parentOrigin === ownOrigin || isAllowedPage(hosts, parentOrigin),
  };
}

/** The card vault's origin as a policy source: a URL's exact origin, or nothing (no directive can slip in). */
export function vaultOriginOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

export function widgetSecurityHeaders(ancestors: string, styleHashes: readonly string[] = [], scriptHashes: readonly string[] = [], vaultOrigin?: string): Record<string, string> {
  return {
    'content-security-policy': `${widgetCsp(styleHashes, scriptHashes, vaultOrigin)}; frame-ancestors ${ancestors}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin',
  };
}
