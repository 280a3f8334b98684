// Apart so that errors.ts and errorCodes.ts need not import each other.

export const FRONTEND_ERROR_KEYS = [
  'receive_not_found',
  'amount_exceeds_limit_allowed',
  'service_unavailable',
  'card_payments_unavailable',
  'method_payments_unavailable',
  'requested_qr_failed',
  'connection_error',
  'card_entries_limited',
  'payment_declined',
  'declined',
  'timeout',
  'error_pay_push_nequi',
  'error_pay_qr_nequi',
  // The payer's "no" in the Yappy app, as Nequi's push decline: shown and reported (Razon) alike.
  'yappy_declined',
  'error_captcha',
  'invalid_score_captcha',
  'happen_error_try_again',
  'payment_rejected',
  'payment_error_try_again',
  'error_to_load',
  'expired_link',
  'link_not_found',
  'payment_expired',
  'page_not_found',
  'commerce_problems',
  'sorry_link_expired',
  'waiting_time_over',
  'request_expired',
  'request_already_paid',
  // A subscription its shop cancelled: its checkout takes no payment, and nothing more is charged.
  'subscription_cancelled_by_shop',
  'payment_voided_by_merchant',
  'missing_arguments',
  'please_contact_merchant',
  'account_temp_suspended',
  'amount_lt_min_message',
  'campaig_receive_process',
  'possible_duplicated_tx',
  'card_not_valid',
  'invalid_code_validation_tx',
  'invalid_amount_validation_tx',
  'try_again_validation_tx',
  'session_expired',
  'error_processing_request',
  // Ours: an answer lost after the request left, so the payment may have gone through.
  'payment_outcome_unknown',
  // Ours: an answer lost, and the server, asked twice, had no such attempt: nothing was charged.
  'payment_not_received',
  // Ours: a payment called off before it was completed (a 3DS challenge the payer cancelled): nothing was charged.
  'payment_cancelled',
  // Ours: too many wrong e-mailed codes for one address in the code's 10 minutes; every code is refused until then.
  'code_tries_exceeded',
  // Ours: the e-mails one address may get in an hour (codes, payment requests) were sent; the next waits (core mailLimits).
  'too_many_emails',
] as const;
export type FrontendErrorKey = (typeof FRONTEND_ERROR_KEYS)[number];
