import * as v from 'valibot';
import { CARD_BRANDS } from './cards';
import type { CardBrand } from './cards';
import { GATEWAY_CODES } from './constants';

const AVAILABLE_METHODS = ['card', 'nequi', 'cash', 'clave', 'crypto', 'pfw', 'yappy'] as const;
export type AvailableMethod = (typeof AVAILABLE_METHODS)[number];
const LINK_TYPES = ['AUTH_CAP', 'LK', 'LKA', 'ED', 'EA', 'PFW', 'ND', 'PCASH'] as const;
type LinkType = (typeof LINK_TYPES)[number];

export const PaymentMethodEntrySchema = v.object({
  method: v.picklist(AVAILABLE_METHODS),
  linkType: v.picklist(LINK_TYPES),
  gatewayCode: v.string(),
  idMerchantService: v.number(),
  txLimit: v.number(),
  validations: v.optional(v.array(v.object({ cardCode: v.picklist(CARD_BRANDS) }))),
});
export type PaymentMethodEntry = v.InferOutput<typeof PaymentMethodEntrySchema>;
export const PaymentMethodsResponseSchema = v.object({ paymentMethods: v.array(PaymentMethodEntrySchema) });

type GroupedPaymentMethods = Partial<Record<AvailableMethod, Partial<Record<LinkType, PaymentMethodEntry[]>>>>;

function groupPaymentMethods(entries: readonly PaymentMethodEntry[]): GroupedPaymentMethods {
  const grouped: GroupedPaymentMethods = {};
  for (const entry of entries) {
    const byType = (grouped[entry.method] ??= {});
    (byType[entry.linkType] ??= []).push(entry);
  }
  return grouped;
}

function cardValidationBrands(entries: readonly PaymentMethodEntry[]): CardBrand[] {
  const seen = new Set<CardBrand>();
  for (const e of entries) for (const val of e.validations ?? []) seen.add(val.cardCode);
  return CARD_BRANDS.filter((b) => seen.has(b));
}

const DEDICATED_LINK_TYPE: Partial<Record<AvailableMethod, LinkType>> = { pfw: 'PFW', nequi: 'ND', cash: 'PCASH' };

const CASH_NETWORKS: readonly string[] = [GATEWAY_CODES.payCash, GATEWAY_CODES.cashPoint];

const METHOD_TOKENS: Record<Exclude<AvailableMethod, 'pfw'>, readonly string[]> = {
  card: ['CARD', ...CARD_BRANDS],
  nequi: ['NEQUI'],
  cash: ['CASH', ...CASH_NETWORKS],
  clave: ['CLAVE'],
  crypto: ['CRYPTO'],
  yappy: ['YAPPY'],
};

/** Except the wallet (pfw); an empty list limits nothing. */
export function linkAllowsMethod(method: AvailableMethod, cardTypes?: readonly string[] | null): boolean {
  const restriction = (cardTypes ?? []).map((t) => t.trim().toUpperCase()).filter((t) => t !== '');
  if (method === 'pfw' || restriction.length === 0) return true;
  return METHOD_TOKENS[method].some((t) => restriction.includes(t));
}

export const LINK_METHOD_TOKENS: readonly string[] = [...new Set(Object.values(METHOD_TOKENS).flat())];

/**
 * A link is refused when made if it names a brand or a method its merchant cannot take (issue 95:
 * such a link was made, and then nothing could pay it): the tokens of `tokens` that the merchant's
 * entries for `linkType` do not take, as given.
 */
export function linkTokensNotTaken(entries: readonly PaymentMethodEntry[], linkType: string, tokens: readonly string[]): string[] {
  const offered = paymentMethodAvailability(entries, linkType);
  const brands: readonly string[] = offered.cardBrands;
  return tokens.filter((token) => {
    const wanted = token.trim().toUpperCase();
    if ((CARD_BRANDS as readonly string[]).includes(wanted)) return !brands.includes(wanted);
    if (wanted === GATEWAY_CODES.payCash) return !offered.payCash;
    if (wanted === GATEWAY_CODES.cashPoint) return !offered.cashPoint;
    const method = (Object.keys(METHOD_TOKENS) as Array<keyof typeof METHOD_TOKENS>).find((m) => METHOD_TOKENS[m].includes(wanted));
    return method === undefined || !offered[method];
  });
}

export interface MethodAvailability extends Record<AvailableMethod, boolean> {
  visa: boolean;
  mastercard: boolean;
  amex: boolean;
  cardBrands: CardBrand[];
  payCash: boolean;
  cashPoint: boolean;
  entries: Partial<Record<AvailableMethod, PaymentMethodEntry>>;
  /** SPEC 1 order, the order the method list shows. */
  enabled: AvailableMethod[];
}

export function paymentMethodAvailability(
  entries: readonly PaymentMethodEntry[],
  linkType: string,
  cardTypes?: readonly string[] | null,
): MethodAvailability {
  const grouped = groupPaymentMethods(entries);
  const restriction = (cardTypes ?? []).map((t) => t.trim().toUpperCase());
  const out: MethodAvailability = {
    card: false, nequi: false, cash: false, clave: false, crypto: false, pfw: false, yappy: false,
    visa: false, mastercard: false, amex: false, cardBrands: [], payCash: false, cashPoint: false,
    entries: {}, enabled: [],
  };
  for (const method of AVAILABLE_METHODS) {
    const byType = grouped[method] ?? {};
    const dedicated = DEDICATED_LINK_TYPE[method];
    // The payment's link type first; then the method's own service type (e.g. PCASH for vouchers).
    let candidates = [...(byType[linkType as LinkType] ?? []), ...(dedicated && dedicated !== linkType ? (byType[dedicated] ?? []) : [])];
    if (!linkAllowsMethod(method, restriction)) candidates = [];
    if (method === 'cash') {
      // A list naming a network (PAYCASH, PC) and not CASH itself takes that network alone.
      const networks = restriction.includes('CASH') ? [] : restriction.filter((t) => CASH_NETWORKS.includes(t));
      candidates = candidates.filter((e) => CASH_NETWORKS.includes(e.gatewayCode) && (networks.length === 0 || networks.includes(e.gatewayCode)));
      out.payCash = candidates.some((e) => e.gatewayCode === GATEWAY_CODES.payCash);
      out.cashPoint = candidates.some((e) => e.gatewayCode === GATEWAY_CODES.cashPoint);
    }
    if (method === 'card' && candidates.length > 0) {
      const listed = cardValidationBrands(candidates);
      // An entry without validations accepts every brand offered.
      let brands = listed.length > 0 ? listed : [...CARD_BRANDS];
      const linkBrands = CARD_BRANDS.filter((b) => restriction.includes(b));
      if (linkBrands.length > 0) brands = brands.filter((b) => linkBrands.includes(b));
      out.cardBrands = brands;
      out.visa = brands.includes('VISA');
      out.mastercard = brands.includes('MC');
      out.amex = brands.includes('AMEX');
      if (brands.length === 0) candidates = [];
    }
    const chosen = candidates[0];
    if (chosen) {
      out[method] = true;
      out.entries[method] = chosen;
      out.enabled.push(method);
    }
  }
  return out;
}
