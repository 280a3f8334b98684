import { isEmployeeLoginRejected, isPasarelaError, payerMessage, type CatalogKey } from '@pasarela/core';

export function walletMessageKey(error: unknown): CatalogKey {
  if (isPasarelaError(error)) {
    if (error.code === 'invalid_credentials') return 'wallet_login_failed';
    // SPEC 6 "Login rejects employee accounts with the error Invalid User" (core isEmployeeLoginRejected).
    if (isEmployeeLoginRejected(error)) return 'wallet_invalid_user';
    if (error.code === 'account_temp_suspended') return 'account_temp_suspended';
    if (error.code === 'payment_rejected') return 'wallet_insufficient_balance';
  }
  return payerMessage(error).key;
}
