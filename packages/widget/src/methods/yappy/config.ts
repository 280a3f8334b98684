/** Yappy is Panamanian: a Panamanian mobile, eight digits starting with 6. */
export const YAPPY_PHONE_COUNTRY = 'PA';
export const YAPPY_PHONE_DIGITS = 8;
/** Shown in the empty field, as the Nequi form shows Panama's. */
export const YAPPY_PHONE_EXAMPLE = '6123 4567';
export const YAPPY_TYPE = 'YAPPY';
/** The API's Date header has whole seconds, so the countdown may end a moment early; the server has the last word. */
export const YAPPY_DEADLINE_GRACE_MS = 2_000;
