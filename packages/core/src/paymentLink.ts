import * as v from 'valibot';
import { NumberLike, optionalNumber, optionalText } from './schemaParts';

export const PaymentStationSchema = v.object({
  idMerchant: NumberLike,
  stationId: v.union([v.string(), v.number()]),
  description: optionalText(),
  amount: optionalNumber(0),
  discount: optionalNumber(0),
  idUsrOwner: v.optional(v.nullable(NumberLike), null),
});
export type PaymentStation = v.InferOutput<typeof PaymentStationSchema>;

export function findMerchantService<S extends { gatewayCode: string }>(services: readonly S[], match: (gatewayCode: string) => boolean): S | null {
  return services.find((s) => match(s.gatewayCode.toUpperCase())) ?? null;
}
