/** Where the merchant's server API lives: its own key (the merchant's secret), its own answers (plain JSON). */
export const MERCHANT_API_PREFIX = '/api/v1/merchant';
