// A chunk of its own: a plain link's first screen does without these pieces.
export { PlanSummary, subscriptionSubmitLabel, subscriptionTerms } from './subscription/PlanSummary';
export { ChangeAmount, StationAmount } from './station/StationAmount';
export { CustomFields } from '../payments/customFields/CustomFields';
export { createCustomFieldsStore } from '../payments/customFields/customFieldsStore';
