import { SPECIFIC_ERROR_CODES } from './errorCodes';
import { amountText } from './money';
import type { CatalogKey } from './i18n/index';

export const VALIDATION_TX_STATES = { withoutVerify: 0, confirmed: 1, canceled: 2 } as const;
type ValidationTxState = (typeof VALIDATION_TX_STATES)[keyof typeof VALIDATION_TX_STATES];
const VALIDATION_TX_FLAGS = { success: 4, paymentExpired: 1 } as const;

export interface TransactionState {
  stateOfValid: ValidationTxState;
  errorMessage: CatalogKey | null;
  /** 4 on success, 1 on 619, otherwise none. */
  statusFlag: number | null;
}

export const initialTransactionState: TransactionState = { stateOfValid: VALIDATION_TX_STATES.withoutVerify, errorMessage: null, statusFlag: null };

export function validationTxOutcome(result: { ok: true } | { ok: false; code: string }): TransactionState {
  if (result.ok) return { stateOfValid: VALIDATION_TX_STATES.confirmed, errorMessage: null, statusFlag: VALIDATION_TX_FLAGS.success };
  if (result.code === SPECIFIC_ERROR_CODES.paymentExpired) {
    return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'payment_expired', statusFlag: VALIDATION_TX_FLAGS.paymentExpired };
  }
  if (result.code === SPECIFIC_ERROR_CODES.invalidCode) {
    return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'invalid_code_validation_tx', statusFlag: null };
  }
  return { stateOfValid: VALIDATION_TX_STATES.canceled, errorMessage: 'try_again_validation_tx', statusFlag: null };
}

export function validationCheckBody(code: string, amount: number): { option: 'TRANSACTION'; action: 'VALID'; code: string } {
  return { option: 'TRANSACTION', action: 'VALID', code: `${code.trim()}|${amountText(amount)}` };
}
