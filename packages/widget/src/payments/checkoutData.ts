import type { CampaignBridge, Currency, Language, Merchant, MethodAvailability, PaymentInfo, PendingSubscription } from '@pasarela/core';

/** What the checkout loaded for a link, as every method's payment reads it. */
export interface CheckoutData {
  info: PaymentInfo;
  merchant: Merchant;
  methods: MethodAvailability;
  subscription?: PendingSubscription | undefined;
  payerAmount?: boolean | undefined;
  campaign?: CampaignBridge | undefined;
  /** The checkout's extras chunk, loaded with a subscription's plan: the card form's pay terms and submit label come from it. */
  extras?:
    | {
        subscriptionTerms(subscription: PendingSubscription, shop: string, lang: Language, currency: Currency): string;
        subscriptionSubmitLabel(subscription: PendingSubscription): string | undefined;
      }
    | undefined;
}
