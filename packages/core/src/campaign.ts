import * as v from 'valibot';
import { roundAmount } from './money';
import { NumberLike, optionalText } from './schemaParts';

const nullableNumber = v.optional(v.nullable(NumberLike), null);
const date = v.optional(v.nullable(v.union([v.string(), v.number()])), null);

export const CampaignBridgeSchema = v.object({
  idBridge: NumberLike,
  status: NumberLike,
  startDate: date,
  endDate: date,
  campaign: v.object({
    defaultValues: v.optional(v.nullable(v.array(NumberLike)), []),
    maxAmount: nullableNumber,
    minAmount: nullableNumber,
    description: optionalText(),
    title: optionalText(),
    logo: optionalText(),
  }),
});
export type CampaignBridge = v.InferOutput<typeof CampaignBridgeSchema>;

function timeOf(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const t = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** What decides whether a bridge is active: its status and dates. */
type BridgeSchedule = Pick<CampaignBridge, 'status' | 'startDate' | 'endDate'>;

/** A bridge without a readable start date has not been scheduled. */
function isCampaignActive(bridge: BridgeSchedule, now: Date | number): boolean {
  const at = typeof now === 'number' ? now : now.getTime();
  const start = timeOf(bridge.startDate);
  const end = timeOf(bridge.endDate);
  return bridge.status === 1 && start !== null && start <= at && (end === null || at <= end);
}

/** SPEC 4 "Campaign": the first active bridge, the one payers are offered. */
export function activeCampaign<B extends BridgeSchedule>(bridges: readonly B[], now: Date | number): B | null {
  return bridges.find((b) => isCampaignActive(b, now)) ?? null;
}

export function campaignAmountError(
  amount: number,
  campaign: CampaignBridge['campaign'],
): 'amount_lt_min_message' | 'amount_exceeds_limit_allowed' | 'invalid_amount' | null {
  if (!Number.isFinite(amount) || amount < 0) return 'invalid_amount';
  if (amount === 0) return null;
  const value = roundAmount(amount);
  if (campaign.minAmount !== null && value < campaign.minAmount) return 'amount_lt_min_message';
  if (campaign.maxAmount !== null && campaign.maxAmount > 0 && value > campaign.maxAmount) return 'amount_exceeds_limit_allowed';
  return null;
}

/** The payer's words for a donation the campaign refuses: they name its limits, never the merchant's. */
type DonationAmountMessage = 'donation_between' | 'donation_at_least' | 'donation_at_most' | 'donation_not_a_number';

/**
 * What the payer reads under a donation of `amount` (NaN: what was typed is no number), null when the
 * campaign takes it. One sentence names the allowed range whichever side was crossed, so it tells how
 * to fix it; a limit of 0 or none is no limit (as in campaignAmountError).
 */
export function donationAmountMessage(amount: number, campaign: Pick<CampaignBridge['campaign'], 'minAmount' | 'maxAmount'>): DonationAmountMessage | null {
  const refused = Number.isNaN(amount) || amount <= 0 || campaignAmountError(amount, { ...campaign, defaultValues: [], description: '', title: '', logo: '' }) !== null;
  if (!refused) return null;
  const hasMin = campaign.minAmount !== null && campaign.minAmount > 0;
  const hasMax = campaign.maxAmount !== null && campaign.maxAmount > 0;
  if (hasMin && hasMax) return 'donation_between';
  if (hasMin) return 'donation_at_least';
  return hasMax ? 'donation_at_most' : 'donation_not_a_number';
}
