import { createHash } from 'node:crypto';
import type { MerchantRow } from '../store/merchants';

/**
 * The widget page's policy: its own scripts only (the config block is JSON, not a script), its own
 * style sheets and the inline <style> elements of the page it serves, named by their sha256 (the
 * widget inlines its CSS in one; no 'unsafe-inline', so an injected style element or attribute is
 * not applied), images of its own and data: URLs (QR codes), API and push connections to its own origin.
 * No form is ever submitted by the browser (the widget sends every form through its API client), so
 * what a payer types into the prerendered form before the script runs can go nowhere.
 */
export function widgetCsp(styleHashes: readonly string[], scriptHashes: readonly string[] = []): string {
  const styles = ["'self'", ...styleHashes].join(' ');
  const scripts = ["'self'", ...scriptHashes].join(' ');
  return `default-src 'self'; script-src ${scripts}; style-src ${styles}; img-src 'self' data:; connect-src 'self' ws: wss:; form-action 'none'; base-uri 'none'; object-src 'none'`;
}

/** The CSP source (`'sha256-...'`) of a script's or style element's text. */
export function cspHashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The CSP source (`'sha256-...'`) of each <style> element's text in html, in order. */
export function styleHashesOf(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map((m) => cspHashOf(m[1] ?? ''));
}

/** A host name with an optional port: anything else could smuggle a directive into the header. */
const HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i;

/**
 * Who may frame the checkout: with domain validation on, the merchant's allowed domains and their
 * subdomains (the rule card payments check with domainRequested), the checkout itself and the demo
 * shop; otherwise any page, as a payment link may be embedded anywhere.
 */
export function frameAncestors(merchant: Pick<MerchantRow, 'domain_validation' | 'allowed_domains'> | undefined, demoOrigin: string | undefined): string {
  if (!merchant?.domain_validation) return '*';
  const allowed = Array.isArray(merchant.allowed_domains) ? merchant.allowed_domains : [];
  const hosts = allowed.filter((d): d is string => typeof d === 'string' && HOST.test(d.trim())).map((d) => d.trim().toLowerCase());
  const sources = ["'self'", ...(demoOrigin ? [demoOrigin] : []), ...hosts.flatMap((h) => [h, `*.${h}`])];
  return [...new Set(sources)].join(' ');
}

/** Headers every widget HTML response carries; styleHashes from styleHashesOf(the page), scriptHashes of its one inline script, if any. */
export function widgetSecurityHeaders(ancestors: string, styleHashes: readonly string[] = [], scriptHashes: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': `${widgetCsp(styleHashes, scriptHashes)}; frame-ancestors ${ancestors}`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin',
  };
}
