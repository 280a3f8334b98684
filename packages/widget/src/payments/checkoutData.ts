import type { CampaignBridge, Merchant, MethodAvailability, PaymentInfo, PendingSubscription } from '@pasarela/core';

/** What the checkout loaded for a link, as every method's payment reads it. */
export interface CheckoutData {
  info: PaymentInfo;
  merchant: Merchant;
  methods: MethodAvailability;
  subscription?: PendingSubscription | undefined;
  payerAmount?: boolean | undefined;
  campaign?: CampaignBridge | undefined;
}
