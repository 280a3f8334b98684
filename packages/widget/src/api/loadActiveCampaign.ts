import * as v from 'valibot';
import { activeCampaign, campaignBridgesCall, CampaignBridgeSchema, type CampaignBridge } from '@pasarela/core';
import type { ApiClient } from './client';

const BridgesSchema = v.object({ bridges: v.array(CampaignBridgeSchema) });

/** SPEC 4 "the first match is used"; a failure offers no donation. */
export async function loadActiveCampaign(api: ApiClient, idMerchant: number, now: Date): Promise<CampaignBridge | null> {
  try {
    const { bridges } = await api.get(campaignBridgesCall(idMerchant).path, BridgesSchema);
    return activeCampaign(bridges, now);
  } catch {
    // The donation is optional: the payment goes on without it.
    return null;
  }
}
