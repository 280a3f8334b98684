import { useEffect, useRef } from 'react';
import { PAYMENT_METHOD_IDS, shopLogoOf, shopNameOf, type CatalogKey, type Receipt } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { RECEIPT_PATH } from '../services/route';
import { useServices } from '../services/services';
import { ShopReturn, WayOut } from '../ui/WayOut';

/**
 * A payment called off because another one paid its order (a bank page or a 3DS challenge left in
 * another browser), read back from its return: not a failure, so the neutral words of
 * payments/PaidElsewhere, the receipt of the payment that paid, and the way back to the shop.
 */
export function PaidElsewhereReceipt({ receipt, paidBy, imageBase }: { receipt: Receipt; paidBy: { codOper: string; method: string }; imageBase: string }) {
  const services = useServices();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    document.title = t('paid_elsewhere_title');
  }, []);
  const shopName = receipt.merchant ? shopNameOf(receipt.merchant) : '';
  // Mid-sentence a card is a common noun; the other methods are brand names.
  const known = (PAYMENT_METHOD_IDS as readonly string[]).includes(paidBy.method);
  const named = known ? t(`method_${paidBy.method}` as CatalogKey) : null;
  const method = named && paidBy.method === 'card' ? named.toLocaleLowerCase(services.lang) : named;
  return (
    <main className="page page--receipt">
      <WayOut shop={{ name: shopName, logo: receipt.merchant ? shopLogoOf(receipt.merchant, imageBase) : '' }} returnUrl={receipt.returnUrlString} />
      <section className="paid-elsewhere" aria-labelledby="paid-elsewhere-title">
        <h1 id="paid-elsewhere-title" className="page__title" tabIndex={-1} ref={heading}>
          {t('paid_elsewhere_title')}
        </h1>
        <p className="page__text">{method ? t('paid_elsewhere_how', { method }) : t('paid_elsewhere_note')}</p>
        <button type="button" className="button button--secondary" onClick={() => services.navigate(RECEIPT_PATH + encodeURIComponent(paidBy.codOper))}>
          {t('waiting_elsewhere_see_receipt')}
        </button>
        <ShopReturn shopName={shopName} returnUrl={receipt.returnUrlString} />
      </section>
    </main>
  );
}
