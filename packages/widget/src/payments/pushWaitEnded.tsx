import { PaidElsewhere } from './PaidElsewhere';
import type { AttemptState } from './attemptStore';
import { endedElsewhere } from './endedElsewhere';
import { PAID_ELSEWHERE } from './paidElsewhere';
import type { PaymentContext } from './paymentContext';
import { VOIDED_BY_MERCHANT, VoidedByMerchant } from './VoidedByMerchant';

/**
 * A push wallet's wait that ended away from its screen (paid or called off elsewhere, or voided by the
 * shop), in the screen's own frame (`className`) and, when voided, under its title; null otherwise.
 */
export function pushWaitEnded(current: AttemptState<unknown>, payment: PaymentContext, className: string, title: string) {
  if (current.phase !== 'failed') return null;
  const key = current.message?.key;
  if (endedElsewhere(key)) {
    return (
      <div className={className}>
        <PaidElsewhere payment={payment} paidBy={current.paidBy} paid={key === PAID_ELSEWHERE} />
      </div>
    );
  }
  if (key === VOIDED_BY_MERCHANT) {
    return (
      <div className={className}>
        <h2 className="method__title">{title}</h2>
        <VoidedByMerchant payment={payment} />
      </div>
    );
  }
  return null;
}
