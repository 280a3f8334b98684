import type { PaymentMethodId } from './constants';
import { formatPanamaDate, formatPanamaTime } from './panamaTime';
import { amountText } from './money';
import type { OverallResult, ParentNotification, PaymentResult } from './notification';
import { isHttpUrl } from './validationKeys';

// SPEC 3 and 4: the `result` message a finished payment sends the parent. A module apart from the
// status tables (status.ts) because the checkout's first screen sends it, and the tables belong to
// the later screens: a module is loaded whole with the first screen's code.

/** SPEC 4 "APPROVED or PENDING notifies the parent as success; anything else as error." */
export function notificationStatusOf(overall: OverallResult): 'success' | 'error' {
  return overall === 'APPROVED' || overall === 'PENDING' ? 'success' : 'error';
}

/** What finished, in our words; buildParentNotification turns it into SPEC's field names. */
interface PaymentOutcomeSummary {
  result: OverallResult;
  /** Amount plus tax actually charged, in dollars. */
  totalPaid: number;
  /** When it finished; Fecha and Hora are written in Panama time. */
  at: Date | number;
  /** Tipo: the card brand or method label (VISA, NEQUI, ...). */
  type: string;
  codOper: string;
  /** Usuario: the payer's e-mail or name. */
  user: string;
  /** Razon: the server's messageSys, or '' */
  reason?: string | null | undefined;
  returnUrl?: string | null | undefined;
}

/** SPEC 3 "Notification to the parent on result". A return URL that is not http(s) is dropped. */
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

/** The `result` message payload: status from the overall result, the method, the notification. */
export function buildPaymentResult(method: PaymentMethodId, outcome: PaymentOutcomeSummary): PaymentResult {
  return { status: notificationStatusOf(outcome.result), method, notification: buildParentNotification(outcome) };
}
