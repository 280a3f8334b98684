import { useEffect, useState } from 'react';
import { shopLogoOf, type CheckoutType, type PayerMessage } from '@pasarela/core';
import { loadLinkShop, type LinkShop } from '../api/loadLinkShop';
import { useServices } from '../services/services';
import { MessagePage } from './MessagePage';
import { ShopReturn } from './WayOut';

/** Until the shop is known, or when it cannot be, the message alone with the page's usual way out. */
export function LinkShopMessage({ title, message, type, code }: { title: string; message?: PayerMessage | undefined; type: string; code: string }) {
  const services = useServices();
  const [shop, setShop] = useState<LinkShop | null>(null);
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
  return (
    <MessagePage title={title} message={message} shop={shop ? { name: shop.name, logo } : null} returnUrl={shop?.returnUrl}>
      {shop ? <ShopReturn shopName={shop.name} returnUrl={shop.returnUrl} /> : null}
    </MessagePage>
  );
}
