/**
 * How an attempt is recorded before its gateway is asked: sent, its answer not recorded yet. One
 * that stays so past its deadline is the reconciler's (payments/reconcileAttempts.ts).
 */
export const IN_DOUBT = { status: -1, auth_status: 'PROCESSING', message_key: 'processing' } as const;
