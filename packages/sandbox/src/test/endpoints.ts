/** Every route of the app, for the fuzz test; `:x` segments are filled with fuzzed text. */
export const ENDPOINTS: ReadonlyArray<{ method: 'GET' | 'POST' | 'PUT'; path: string }> = [
  { method: 'GET', path: '/api/v1/translations/version' },
  { method: 'GET', path: '/api/v1/translations' },
  { method: 'GET', path: '/api/v1/payment-info' },
  { method: 'GET', path: '/api/v1/merchants/:x' },
  { method: 'GET', path: '/api/v1/merchants/:x/payment-methods' },
  { method: 'POST', path: '/api/v1/cards/auth-capture' },
  { method: 'GET', path: '/api/v1/receipts/:x' },
  { method: 'POST', path: '/sandbox/links' },
  { method: 'GET', path: '/sandbox/transactions' },
  { method: 'GET', path: '/sandbox/3ds/:x' },
  { method: 'POST', path: '/sandbox/3ds/:x' },
];
