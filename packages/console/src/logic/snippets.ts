/** What a created thing opens, and the markup a merchant pastes to embed it (PRODUCT.md "Zero JavaScript"). */
export interface CheckoutTarget {
  url: string;
  snippet: string;
}

type Target = { kind: 'link'; code: string; url?: string } | { kind: 'station'; stationId: string } | { kind: 'subscription'; subscriptionKey: string };

const ATTRIBUTE: Readonly<Record<Target['kind'], string>> = {
  link: 'data-pasarela-code',
  station: 'data-pasarela-station-id',
  subscription: 'data-pasarela-subscription-key',
};

const TYPE: Readonly<Record<Target['kind'], string>> = { link: 'lk', station: 'ps', subscription: 'subs' };

const valueOf = (target: Target): string =>
  target.kind === 'link' ? target.code : target.kind === 'station' ? target.stationId : target.subscriptionKey;

/** Attribute values are escaped: a code is plain text, and stays so inside the snippet. */
const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function checkoutTargetOf(origin: string, target: Target, lang: 'es' | 'en'): CheckoutTarget {
  const value = valueOf(target);
  const url = target.kind === 'link' && target.url ? target.url : `${origin}/pf/widget?type=${TYPE[target.kind]}&code=${encodeURIComponent(value)}`;
  const label = lang === 'es' ? 'Pagar' : 'Pay';
  const snippet = [
    `<script src="${origin}/sdk/checkout.js"></script>`,
    `<button type="button" ${ATTRIBUTE[target.kind]}="${escapeAttribute(value)}" data-pasarela-lang="${lang}">${label}</button>`,
  ].join('\n');
  return { url, snippet };
}

/** The six-digit code in a registration or recovery e-mail, if it has one. */
export function mailedCodeOf(body: string): string | null {
  return /\b(\d{6})\b/.exec(body)?.[1] ?? null;
}
