/** Yappy is Panamanian: a phone is read as a Panamanian mobile, eight digits starting with 6. */
export const YAPPY_PHONE_COUNTRY = 'PA';
export const YAPPY_PHONE_DIGITS = 8;
/** Tipo on the parent notification and the receipt (the sandbox's method label). */
export const YAPPY_TYPE = 'YAPPY';
/**
 * How long after the countdown reaches the server's deadline the checkout asks once more: the
 * device's clock is corrected by the API's Date header, which has whole seconds, so the countdown
 * may end a moment early; the server's answer (619 once the window is over) has the last word.
 */
export const YAPPY_DEADLINE_GRACE_MS = 2_000;
