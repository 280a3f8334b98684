/** Where the bank sends the payer back (SPEC 2): a full-page checkout, or one the SDK embedded. */
export const CLAVE_RETURN_PATH = '/pf/widget/returnclave';
export const CLAVE_RETURN_SDK_PATH = '/pf/widget/returnclavesdk';
/** Tipo on the parent notification and the receipt (the sandbox's method label). */
export const CLAVE_TYPE = 'CLAVE';
