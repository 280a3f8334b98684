import type { PaymentMethodId } from './constants';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';
import { amountText } from './money';
import type { OverallResult, ParentNotification, PaymentResult } from './notification';
import { isHttpUrl } from './validationKeys';

// Apart from status.ts: the first screen sends it, and a module loads whole with the first screen's code.

export function notificationStatusOf(overall: OverallResult): 'success' | 'error' {
  return overall === 'APPROVED' || overall === 'PENDING' ? 'success' : 'error';
}

interface PaymentOutcomeSummary {
  result: OverallResult;
  /** Amount plus tax actually charged, in dollars. */
  totalPaid: number;
  /** Fecha and Hora are written in Panama time. */
  at: Date | number;
  type: string;
  codOper: string;
  user: string;
  reason?: string | null | undefined;
  returnUrl?: string | null | undefined;
}

export function buildParentNotification(outcome: PaymentOutcomeSummary): ParentNotification {
  const returnUrl = outcome.returnUrl && isHttpUrl(outcome.returnUrl) ? outcome.returnUrl : '';
  return {
    TotalPagado: amountText(outcome.totalPaid),
    Fecha: formatPanamaDate(outcome.at),
    Hora: formatPanamaTime(outcome.at),
    Tipo: outcome.type,
    Oper: outcome.codOper,
    Usuario: outcome.user,
    Estado: outcome.result,
    Razon: outcome.reason ?? '',
    isReturn: returnUrl !== '',
    returnUrl,
  };
}

export function buildPaymentResult(method: PaymentMethodId, outcome: PaymentOutcomeSummary): PaymentResult {
  return { status: notificationStatusOf(outcome.result), method, notification: buildParentNotification(outcome) };
}
