import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n';
import type { PaymentContext } from './paymentContext';
import { fullPageShopAddress } from '../ui/WayOut';
import { otherMethod } from './methodChoiceFocus';

export const VOIDED_BY_MERCHANT = 'payment_voided_by_merchant';

/** The choice is still held while the wait ends, so the radio's disabled state is not asked. */

/** Sending it again would start a payment the shop does not want. */
export function VoidedByMerchant({ payment }: { payment: Pick<PaymentContext, 'services' | 'data'> }) {
  const { bridge } = payment.services;
  const returnUrl = payment.data.info.returnUrlString;
  const [canChooseOther, setCanChooseOther] = useState(false);
  const ways = useRef<HTMLDivElement>(null);
  useEffect(() => setCanChooseOther(otherMethod() !== null), []);
  // The alert is announced; focus moves to the first way forward.
  useEffect(() => ways.current?.querySelector<HTMLElement>('button, a')?.focus(), [canChooseOther]);
  const back = fullPageShopAddress(payment.services, returnUrl);
  const backClass = canChooseOther ? 'button button--link' : 'button button--primary';
  return (
    <div className="attempt-failed" ref={ways}>
      <div className="alert" role="alert">
        <p className="alert__text">{t(VOIDED_BY_MERCHANT)}</p>
      </div>
      {canChooseOther ? (
        <button type="button" className="button button--primary" onClick={() => otherMethod()?.focus()}>
          {t('voided_choose_other_method')}
        </button>
      ) : null}
      {bridge.embedded ? (
        <button type="button" className={backClass} onClick={() => bridge.notify({ type: 'close' })}>
          {t('back_to_shop')}
        </button>
      ) : back ? (
        <a className={backClass} href={back} target="_top" rel="noopener">
          {t('back_to_shop')}
        </a>
      ) : null}
    </div>
  );
}
