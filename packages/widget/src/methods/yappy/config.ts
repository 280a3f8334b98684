/** Yappy is Panamanian: a phone is read as a Panamanian mobile, eight digits starting with 6. */
export const YAPPY_PHONE_COUNTRY = 'PA';
export const YAPPY_PHONE_DIGITS = 8;
/** Tipo on the parent notification and the receipt (the sandbox's method label). */
export const YAPPY_TYPE = 'YAPPY';
