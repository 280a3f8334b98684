/** A payment service's failure in the domain's words; http/onError.ts maps the kind to a status once, for every route. */
export type PaymentErrorKind =
  | 'invalid'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  /** Refused by a business rule (a brand not taken, not enough balance). */
  | 'refused'
  /** The gateway refused or failed: nothing was taken. */
  | 'gateway_failed'
  /** No answer and nothing changed: try again. */
  | 'unavailable'
  /** No answer and the outcome unknown: being checked. */
  | 'in_doubt'
  /** The processor in use offers no such call (an optional one of its port). */
  | 'unsupported';

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
  constructor(
    readonly kind: PaymentErrorKind,
    readonly code: string | number,
  /** Else the catalogue's text for code. */
    readonly detail?: string,
    readonly fields: Readonly<Record<string, string>> = {},
    /**
     * A dependency this node could not reach, in an operator's words (which one, where, how): the
     * request's log line says it (http/requestLog.ts), never the answer.
     */
    readonly dependencyDown?: string,
  ) {
    super(detail ?? String(code));
  }
}
