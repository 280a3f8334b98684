import { useEffect, useState } from 'react';
import { formatAmount, payerDateText, shopLogoOf, subscriptionPeriodCode, type CheckoutType, type PayerMessage } from '@pasarela/core';
import { loadLinkShop, type LinkShop } from '../api/loadLinkShop';
import { t } from '../i18n/i18n';
import { useLaterStyles } from './useLaterStyles';
import { useServices } from '../services/services';
import { LoadingPage } from './Loading';
import { MessagePage } from './MessagePage';
import { ShopReturn } from './WayOut';

/**
 * What the payer already has from this link: the payment (when, how much), or the active subscription;
 * else, for a link that expired, what to do to pay: ask its shop for a new one.
 */
function shopNote(shop: LinkShop, lang: 'es' | 'en', expired: boolean): string | null {
  if (shop.paid) return t('paid_link_on', { date: payerDateText(new Date(shop.paid.at), lang, { time: false }), amount: formatAmount(shop.paid.amount, lang, shop.paid.currency) });
  if (shop.active) {
    const code = subscriptionPeriodCode(shop.active.period);
    return t('subscription_active', { shop: shop.name, amount: formatAmount(shop.active.amount, lang, shop.active.currency), period: code ? t(`period_${code}`) : shop.active.period });
  }
  return expired ? t('expired_link_ask_shop', { shop: shop.name }) : null;
}

/**
 * Until the shop is known, or when it cannot be, the message alone with the page's usual way out.
 * Drawn with the checkout's message styles (styles.later.css), which the checkout's first load leaves out.
 */
export function LinkShopMessage({ title, message, type, code, expired = false }: { title: string; message?: PayerMessage | undefined; type: string; code: string; expired?: boolean }) {
  const services = useServices();
  const [shop, setShop] = useState<LinkShop | null>(null);
  const styled = useLaterStyles();
  useEffect(() => {
    let live = true;
    if (code === '') return;
    loadLinkShop(services.api, type as CheckoutType, code)
      .then((found) => {
        if (live) setShop(found);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [services, type, code]);
  const logo = shop ? shopLogoOf({ logo: shop.logo }, services.config.imageBase) : '';
  const note = shop ? shopNote(shop, services.lang, expired) : null;
  // Never unstyled: a moment's "Cargando..." until the sheet is in.
  if (!styled) return <LoadingPage />;
  return (
    <MessagePage title={title} message={message} shop={shop ? { name: shop.name, logo } : null} returnUrl={shop?.returnUrl}>
      {note ? <p className="page__text">{note}</p> : null}
      {shop ? <ShopReturn shopName={shop.name} returnUrl={shop.returnUrl} /> : null}
    </MessagePage>
  );
}
