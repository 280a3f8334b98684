import type { MerchantRow } from '../store/merchants';

/**
 * The widget page's policy: its own scripts only (the config block is JSON, not a script), inline
 * styles (the widget inlines its CSS in a <style> element), images of its own and data: URLs (QR
 * codes), API and push connections to its own origin.
 */
export const WIDGET_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self' ws: wss:; form-action 'self'; base-uri 'none'; object-src 'none'";

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

/** The directives that stay enforced while the script policy is report-only (see below). */
const ALWAYS_ENFORCED = "form-action 'self'; base-uri 'none'; object-src 'none'";

/**
 * The widget runs under the whole policy (the browser suite passes with it enforced), but the
 * accessibility suite injects axe-core as an inline <script>, which script-src 'self' refuses. Until
 * that suite injects it another way, script, style, image and connect rules are reported, not
 * enforced; frame-ancestors (clickjacking) and the rest are enforced now.
 */
export const SCRIPT_POLICY_ENFORCED = false;

/** Headers every widget HTML response carries. */
export function widgetSecurityHeaders(ancestors: string, enforceScripts: boolean = SCRIPT_POLICY_ENFORCED): Record<string, string> {
  const common = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin' };
  if (enforceScripts) return { 'content-security-policy': `${WIDGET_CSP}; frame-ancestors ${ancestors}`, ...common };
  return {
    'content-security-policy': `${ALWAYS_ENFORCED}; frame-ancestors ${ancestors}`,
    // frame-ancestors is ignored in a report-only policy, so it lives in the enforced one only.
    'content-security-policy-report-only': WIDGET_CSP,
    ...common,
  };
}
