import * as v from 'valibot';
import { OthersValuesSchema } from './paymentInfo';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';

// SPEC 3 "Payment link", "Payment-station record", "Merchant user", and finding a merchant's service by gateway code.

export const PaymentLinkSchema = v.object({
  alias: optionalText(),
  details: optionalText(),
  othersValues: v.optional(v.nullable(OthersValuesSchema), null),
  serviceCode: optionalText(),
  merchant: v.object({
    customFields: v.optional(v.nullable(v.string()), ''),
    logo: optionalText(),
    hasPaymentGuest: v.optional(v.boolean(), true),
  }),
});
export type PaymentLink = v.InferOutput<typeof PaymentLinkSchema>;

/** "idMerchant, stationId, description, amount, discount. The owner user id (idUsrOwner) is loaded." */
export const PaymentStationSchema = v.object({
  idMerchant: NumberLike,
  stationId: v.union([v.string(), v.number()]),
  description: optionalText(),
  amount: optionalNumber(0),
  discount: optionalNumber(0),
  idUsrOwner: v.optional(v.nullable(NumberLike), null),
});
export type PaymentStation = v.InferOutput<typeof PaymentStationSchema>;

/** SPEC 3 "Merchant user: idUsr, login." */
export const MerchantUserSchema = v.object({ idUsr: NumberLike, login: v.string() });
export type MerchantUser = v.InferOutput<typeof MerchantUserSchema>;

/** The first service whose gateway code matches (case-insensitive), or null. */
export function findMerchantService<S extends { gatewayCode: string }>(services: readonly S[], match: (gatewayCode: string) => boolean): S | null {
  return services.find((s) => match(s.gatewayCode.toUpperCase())) ?? null;
}
