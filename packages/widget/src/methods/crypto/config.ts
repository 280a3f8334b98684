export const CRYPTO_RESULT_TYPE = 'CRYPTO';
/** A device clock ahead of the server's can ask for the new quote too early, so it asks again, a few times. */
export const CRYPTO_REQUOTE_RETRY_MS = 2_000;
export const CRYPTO_REQUOTE_TRIES = 5;
