// A chunk of their own, fetched only when the merchant has an active campaign.
export { DonationChoice } from './DonationChoice';
export { createDonationStore } from './donationStore';
