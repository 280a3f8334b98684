/**
 * A link an e-mail carries: absolute, on the checkout origin payers reach (Deps.publicOrigin, else
 * the request's own), since a mail client has no page to resolve a path against. `path` is a path on
 * that origin ("/pf/default-receipt/PP1"); anything else is refused rather than mailed.
 */
export function mailLink(origin: string, path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`an e-mail link must be a path on the checkout origin: ${path}`);
  const base = new URL(origin);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error(`not a web origin: ${origin}`);
  return new URL(path, base.origin).toString();
}

/** The receipt page of a payment (SPEC 2 /pf/default-receipt/{codOper}); a voucher's too, while it is to pay. */
export function receiptLink(origin: string, codOper: string): string {
  return mailLink(origin, `/pf/default-receipt/${encodeURIComponent(codOper)}`);
}

/** A subscription's own receipt (SPEC 2 /{subscriptionKey}/receive), of the operation that started it. */
export function subscriptionReceiptLink(origin: string, subscriptionKey: string, codOper: string): string {
  return mailLink(origin, `/${encodeURIComponent(subscriptionKey)}/receive?Oper=${encodeURIComponent(codOper)}`);
}

/** Every http(s) address and every bare path an e-mail's text holds: what a test checks is absolute. */
export function linksIn(text: string): { absolute: string[]; relative: string[] } {
  const absolute = text.match(/\bhttps?:\/\/[^\s<>"')]+/g) ?? [];
  const relative = (text.match(/(?:^|[\s(:])(\/[A-Za-z0-9_-][^\s<>"')]*)/g) ?? []).map((m) => m.replace(/^[\s(:]/, ''));
  return { absolute, relative };
}
