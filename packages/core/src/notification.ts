import type { PaymentMethodId } from './constants';

// SPEC 3 "Notification to the parent on result".
export interface ParentNotification {
  TotalPagado: string;
  Fecha: string;
  Hora: string;
  Tipo: string;
  Oper: string;
  Usuario: string;
  Estado: string;
  Razon: string;
  isReturn: boolean;
  returnUrl: string;
}

/** What the merchant page receives for every payment attempt that finishes. */
export interface PaymentResult {
  /** SPEC 4: APPROVED or PENDING notify the parent as success; anything else as error. */
  status: 'success' | 'error';
  method: PaymentMethodId;
  notification: ParentNotification;
}
