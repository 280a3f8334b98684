import type { PaymentMethodId } from './constants';

export type OverallResult = 'APPROVED' | 'PENDING' | 'DECLINED' | 'ERROR';

export interface ParentNotification {
  TotalPagado: string;
  Fecha: string;
  Hora: string;
  Tipo: string;
  /**
   * The provider's operation code (`codOper`): confirm the payment with it on your server. `''` when
   * the attempt was refused before the provider recorded a payment (a processing error, `Estado`
   * `'ERROR'`; a cash voucher or crypto address that could not be made, `'DECLINED'`): nothing was
   * charged and there is nothing to verify. APPROVED and PENDING always carry one.
   */
  Oper: string;
  Usuario: string;
  /** SPEC 4's overall result: APPROVED and PENDING come with a `success` status, DECLINED and ERROR with `error`. */
  Estado: OverallResult;
  Razon: string;
  isReturn: boolean;
  returnUrl: string;
}

/** Why an attempt failed, for the shop: the catalogue key (stable, for code) and its text in the payer's language (to show). */
interface PaymentFailureReason {
  /** A key of the checkout's message catalogue, such as `payment_declined` or `error_pay_push_nequi`. */
  key: string;
  /** What the payer was told, in the checkout's language (the bank's own words for a card decline). */
  text: string;
}

/** What the merchant page receives for every payment attempt that finishes. */
export interface PaymentResult {
  /** SPEC 4: APPROVED or PENDING notify the parent as success; anything else as error. */
  status: 'success' | 'error';
  method: PaymentMethodId;
  notification: ParentNotification;
  /** On every `error` result, whatever the method: the reason as a catalogue key and as text. */
  reason?: PaymentFailureReason;
}
