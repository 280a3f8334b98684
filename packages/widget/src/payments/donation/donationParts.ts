// A campaign's donation choice and the store that checks it, a chunk of their own: fetched once the
// checkout is on screen when the merchant has an active campaign (SPEC 4), never for a link without one.
export { DonationChoice } from './DonationChoice';
export { createDonationStore } from './donationStore';
