/** Tipo on the merchant's result and on the receipt for a crypto payment. */
export const CRYPTO_RESULT_TYPE = 'CRYPTO';
/**
 * When the frozen rate runs out the widget asks for the new quote at once; a device clock a little
 * ahead of the server's can ask too early, so it asks again this often, a few times.
 */
export const CRYPTO_REQUOTE_RETRY_MS = 2_000;
export const CRYPTO_REQUOTE_TRIES = 5;
