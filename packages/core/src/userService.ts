import * as v from 'valibot';
import { CHANNEL } from './constants';
import { campaignDonation } from './money';
import { NumberLike, optionalText } from './schemaParts';

export const UserServiceSchema = v.object({
  idUsrService: NumberLike,
  nameOrAlias: optionalText(),
  processData: v.optional(
    v.nullable(v.array(v.looseObject({ id: v.union([v.string(), v.number()]), value: v.optional(v.nullable(v.union([v.string(), v.number()])), null) }))),
    [],
  ),
});
export type UserService = v.InferOutput<typeof UserServiceSchema>;

export function userServiceNumber(service: UserService): string | null {
  const entry = (service.processData ?? []).find((d) => String(d.id).toUpperCase() === 'NUMBER');
  return entry?.value === null || entry?.value === undefined ? null : String(entry.value);
}
export function sortUserServices<T extends Pick<UserService, 'nameOrAlias'>>(services: readonly T[]): T[] {
  return [...services].sort((a, b) => a.nameOrAlias.localeCompare(b.nameOrAlias, 'es', { sensitivity: 'base' }));
}

const PayActivityPayloadSchema = v.object({
  sourceSearch: v.unknown(),
  idUsrCard: v.nullable(NumberLike),
  idUsrService: NumberLike,
  useFunds: v.boolean(),
  txChannel: v.string(),
  customFieldValues: v.array(v.unknown()),
  activateSubscription: v.optional(v.object({ idSubscription: NumberLike, subscriptionKey: v.string() })),
  amountToCampaign: v.optional(v.number()),
  idCampaignBridge: v.optional(v.union([v.number(), v.string()])),
});
type PayActivityPayload = v.InferOutput<typeof PayActivityPayloadSchema>;

/**
 * With useFunds the activation is left out (SPEC 4). A saved card carries a donation as a typed card does,
 * in the card payload's own fields (SPEC 5: only when both amount and bridge id exist); the balance none.
 */
export function buildPayActivityPayload(input: {
  sourceSearch: unknown;
  idUsrCard: number | null;
  idUsrService: number;
  useFunds: boolean;
  customFieldValues?: unknown[];
  subscription?: { idSubscription: number; subscriptionKey: string } | null;
  txChannel?: string;
  campaign?: { amount: number | null | undefined; idCampaignBridge: number | string | null | undefined } | null;
}): PayActivityPayload {
  const payload: PayActivityPayload = {
    sourceSearch: input.sourceSearch,
    idUsrCard: input.useFunds ? null : input.idUsrCard,
    idUsrService: input.idUsrService,
    useFunds: input.useFunds,
    txChannel: input.txChannel ?? CHANNEL.widget,
    customFieldValues: input.customFieldValues ?? [],
  };
  if (input.subscription && !input.useFunds) payload.activateSubscription = input.subscription;
  const donation = input.campaign && !input.useFunds ? campaignDonation(input.campaign.amount, input.campaign.idCampaignBridge) : null;
  return donation ? { ...payload, ...donation } : payload;
}
