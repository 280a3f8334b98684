/** Nequi is Colombian: a phone is read as a Colombian mobile, ten digits starting with 3. */
export const NEQUI_PHONE_COUNTRY = 'CO';
export const NEQUI_PHONE_DIGITS = 10;
