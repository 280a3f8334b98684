// The checkout's pieces that only some payments show, in a chunk of their own that the checkout
// fetches with its data when that data needs them: a subscription's plan, a station's amount entry,
// and the link's or merchant's custom fields (SPEC 3). A plain link's first screen does without.
export { PlanSummary } from '../pages/subscription/PlanSummary';
export { StationAmount } from '../pages/station/StationAmount';
export { CustomFields } from '../payments/customFields/CustomFields';
export { createCustomFieldsStore } from '../payments/customFields/customFieldsStore';
