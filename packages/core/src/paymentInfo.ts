import * as v from 'valibot';
import { CARD_BRANDS } from './cards';
import type { CardBrand } from './cards';
import { parseCustomFields } from './customFields';
import type { CustomField } from './customFields';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';
import { decodeSubscription } from './subscription';
import type { LinkSubscription } from './subscription';

const text = optionalText;

const OthersValuesSchema = v.looseObject({
  EXPIRES_AT: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  cardType: v.optional(v.nullable(v.string())),
});

export const RawPaymentInfoSchema = v.object({
  idMerchant: NumberLike,
  code: v.string(),
  description: text(),
  amount: NumberLike,
  discount: optionalNumber(0),
  type: text(),
  email: text(),
  othersValues: v.optional(v.nullable(OthersValuesSchema), {}),
  taxAmount: optionalNumber(0),
  serviceCode: text(),
  transactionsType: text(),
  lang: text(),
  returnUrlString: text(),
  additionalParamsUrlString: text(),
  customFieldValues: v.optional(v.nullable(v.array(v.unknown())), []),
  additionalData: v.optional(v.nullable(v.record(v.string(), v.unknown())), {}),
  txChannel: text(),
  idSubscription: v.optional(v.nullable(NumberLike), null),
});
export { NumberLike };

export interface PaymentInfo {
  idMerchant: number;
  code: string;
  alias: string;
  detail: string;
  description: string;
  amount: number;
  discount: number;
  type: string;
  email: string;
  /** As sent: Panama wall time unless it carries an offset. */
  expiresAt: string | null;
  /** Empty: no brand restriction. */
  cardTypes: CardBrand[];
  cardTypeList: string[];
  othersValues: Record<string, unknown>;
  taxAmount: number;
  serviceCode: string;
  transactionsType: string;
  lang: string;
  returnUrlString: string;
  additionalParamsUrlString: string;
  customFieldValues: unknown[];
  customFields: CustomField[];
  additionalData: Record<string, unknown>;
  txChannel: string;
  idSubscription: number | null;
  subscription: LinkSubscription | null;
}

const BRAND_ALIASES: Readonly<Record<string, CardBrand>> = { MASTERCARD: 'MC', AMERICAN_EXPRESS: 'AMEX', AMERICANEXPRESS: 'AMEX' };

export function parseCardTypeList(cardType: string | null | undefined): string[] {
  const tokens = (cardType ?? '').split(/[,;|]/).map((t) => t.trim().toUpperCase().replace(/\s+/g, '_')).filter((t) => t !== '');
  return [...new Set(tokens.map((t) => BRAND_ALIASES[t] ?? t))];
}

export function cardBrandsOfList(list: readonly string[]): CardBrand[] {
  return CARD_BRANDS.filter((b) => list.includes(b));
}

/** Without a pipe the description is both (docs/spec-decisions.md). */
function aliasAndDetail(description: string): { alias: string; detail: string } {
  const at = description.indexOf('|');
  if (at < 0) return { alias: description.trim(), detail: description.trim() };
  const alias = description.slice(0, at).trim();
  const detail = description.slice(at + 1).trim();
  return { alias: alias || detail, detail: detail || alias };
}

export function parsePaymentInfo(raw: unknown): PaymentInfo {
  const r = v.parse(RawPaymentInfoSchema, raw);
  const others = r.othersValues ?? {};
  const list = parseCardTypeList(others.cardType);
  const expires = others.EXPIRES_AT;
  return {
    idMerchant: r.idMerchant,
    code: r.code,
    ...aliasAndDetail(r.description),
    description: r.description,
    amount: r.amount,
    discount: r.discount,
    type: r.type,
    email: r.email,
    expiresAt: expires === null || expires === undefined || String(expires).trim() === '' ? null : String(expires),
    cardTypes: cardBrandsOfList(list),
    cardTypeList: list,
    othersValues: others,
    taxAmount: r.taxAmount,
    serviceCode: r.serviceCode,
    transactionsType: r.transactionsType,
    lang: r.lang,
    returnUrlString: r.returnUrlString,
    additionalParamsUrlString: r.additionalParamsUrlString,
    customFieldValues: r.customFieldValues ?? [],
    customFields: parseCustomFields(r.customFieldValues ?? [], 'link'),
    additionalData: r.additionalData ?? {},
    txChannel: r.txChannel,
    idSubscription: r.idSubscription ?? null,
    subscription: decodeSubscription(r.additionalParamsUrlString),
  };
}
