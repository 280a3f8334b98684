import { useEffect, useRef, type ReactNode } from 'react';
import { shopNameOf, type CatalogKey } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { RECEIPT_PATH } from '../services/route';
import { fullPageShopAddress } from '../ui/WayOut';
import type { PaidBy } from './paidElsewhere';
import type { PaymentContext } from './paymentContext';

/**
 * Called off from elsewhere (`paid` false) until the order is paid there, or: the payment waiting here was called off because another one paid the order (another browser, another
 * method): not a failure, so neutral words, the receipt of the payment that paid and the way back.
 */
/**
 * `children`: what the payment called off here still owes the payer (coins that arrived, sent back), said beside it;
 * `sentBack` when it owes something: the note then says it goes back, not that nothing is charged here.
 */
export function PaidElsewhere({ payment, paidBy, paid = true, sentBack = false, children = null }: { payment: Pick<PaymentContext, 'services' | 'data'>; paidBy: PaidBy | null; paid?: boolean; sentBack?: boolean; children?: ReactNode }) {
  const { services, data } = payment;
  const heading = useRef<HTMLHeadingElement>(null);
  // The wait it replaces held the focus; the payer hears the news first.
  useEffect(() => heading.current?.focus(), [paid]);
  // Mid-sentence a card is a common noun; the other methods are brand names.
  const named = paidBy?.method ? t(`method_${paidBy.method}` as CatalogKey) : null;
  const method = named && paidBy?.method === 'card' ? named.toLocaleLowerCase(services.lang) : named;
  const shop = shopNameOf(data.merchant).trim();
  const backLabel = shop ? t('back_to_named_shop', { shop }) : t('back_to_shop');
  const back = fullPageShopAddress(services, data.info.returnUrlString);
  return (
    <div className="paid-elsewhere">
      <h2 className="method__title" tabIndex={-1} ref={heading}>
        {t(paid ? 'paid_elsewhere_title' : 'called_off_elsewhere_title')}
      </h2>
      <p className="page__text">{!paid ? t('called_off_elsewhere_note') : method ? t(sentBack ? 'paid_elsewhere_how_coins_back' : 'paid_elsewhere_how', { method }) : t(sentBack ? 'paid_elsewhere_note_coins_back' : 'paid_elsewhere_note')}</p>
      {children}
      {paidBy ? (
        <button type="button" className="button button--secondary" onClick={() => services.navigate(RECEIPT_PATH + encodeURIComponent(paidBy.codOper))}>
          {t('waiting_elsewhere_see_receipt')}
        </button>
      ) : null}
      {services.bridge.embedded ? (
        <button type="button" className="button button--primary shop-return" onClick={() => services.bridge.notify({ type: 'close' })}>
          {backLabel}
        </button>
      ) : back ? (
        <a className="button button--primary shop-return" href={back} target="_top" rel="noopener">
          {backLabel}
        </a>
      ) : null}
    </div>
  );
}
