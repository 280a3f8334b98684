import type { FrontendErrorKey } from './errorKeys';

export const SPECIFIC_ERROR_CODES = {
  expiredLink: '3000',
  stationNotFound: '3001',
  paymentExpired: '619',
  registrationProceeds: '220',
  notFound: '404',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  requestedQrFailed: 'REQUESTED_QR_FAILED',
  errorOnLoad: 'Error on load',
  errorProcessingRequest: 'error_processing_request',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  trackIdReused: 'track_id_reused',
  invalidUser: 'Invalid User',
  merchantUserNotFound: 'Merchant User Not Found',
  merchantNotFound: 'Merchant Not Found',
  invalidCode: 'Invalid Code',
  invalidAmount: 'Invalid Amount',
} as const;

const SERVER_ERROR_KEYS = [
  'result_not_found',
  'error_on_load',
  'payment_not_found',
  'invalid_user',
  'merchant_user_not_found',
  'merchant_not_found',
  'card_error',
  // Not SPEC's: the server's exactly-once rule.
  'track_id_reused',
] as const;
export type ServerErrorKey = (typeof SERVER_ERROR_KEYS)[number];
export type PayerMessageKey = FrontendErrorKey | ServerErrorKey;

/** 3001 keeps link_not_found (its page title); result_not_found is its body text. */
export const SERVER_CODE_KEYS: Readonly<Record<string, PayerMessageKey>> = {
  '3000': 'expired_link',
  '3001': 'link_not_found',
  '619': 'payment_expired',
  '404': 'page_not_found',
  SERVICE_UNAVAILABLE: 'service_unavailable',
  REQUESTED_QR_FAILED: 'requested_qr_failed',
  'Error on load': 'error_on_load',
  PAYMENT_NOT_FOUND: 'payment_not_found',
  PAYMENT_REJECTED: 'payment_rejected',
  'Invalid User': 'invalid_user',
  'Merchant User Not Found': 'merchant_user_not_found',
  'Merchant Not Found': 'merchant_not_found',
  'Invalid Code': 'invalid_code_validation_tx',
  'Invalid Amount': 'invalid_amount_validation_tx',
  'Card Not Valid': 'card_not_valid',
  track_id_reused: 'track_id_reused',
};

export function isCardMessageCode(code: string): boolean {
  return /^Card\s\S/.test(code) && !(code in SERVER_CODE_KEYS);
}

interface ErrorEffect {
  route: string | null;
  clearSession: boolean;
  resetStep: boolean;
}

export function errorEffect(error: { code: string; status?: number | undefined; category?: string }): ErrorEffect {
  const effect: ErrorEffect = { route: null, clearSession: error.category === 'session', resetStep: false };
  if (error.code === SPECIFIC_ERROR_CODES.expiredLink || error.code === SPECIFIC_ERROR_CODES.stationNotFound) {
    effect.route = `/pf/responseMessage?code=${error.code}`;
  } else if ((error.status === 404 || error.status === undefined) && (error.code === 'error_to_load' || error.code === 'receive_not_found')) {
    effect.route = '/404';
  } else if (error.code === SPECIFIC_ERROR_CODES.paymentExpired) {
    effect.resetStep = true;
  }
  return effect;
}
