import { isHttpUrl } from '@pasarela/core';
import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n';
import { CloseButton, MerchantIdentity } from './MerchantHeader';
import { useServices, type Services } from '../services/services';

/** The merchant a page knows of: its name and logo (an absolute address, or ''). */
export interface ShopIdentity {
  name: string;
  logo: string;
}

/**
 * Where a full page leads back to the shop: the merchant's return address when the page knows it,
 * else the page of another site that sent the payer here; null when neither is known.
 */
export function shopAddress(returnUrl: string | null | undefined, referrer: string, ownOrigin: string): string | null {
  if (returnUrl && isHttpUrl(returnUrl)) return returnUrl;
  if (!isHttpUrl(referrer)) return null;
  return new URL(referrer).origin === ownOrigin ? null : referrer;
}

/** shopAddress for this page: null when embedded (the loader's close leads back). */
export function fullPageShopAddress(services: Pick<Services, 'bridge' | 'referrer' | 'address'>, returnUrl: string | null | undefined): string | null {
  return services.bridge.embedded ? null : shopAddress(returnUrl, services.referrer, services.address().origin);
}

interface WayOutProps {
  /** The merchant, when the page knows it. */
  shop?: ShopIdentity | null | undefined;
  /** The merchant's return address (the link's returnUrlString), when the page knows it. */
  returnUrl?: string | null | undefined;
}

/**
 * Every page's way out (issue 21), at its top: embedded in a shop's page, the loader's close;
 * as a full page, "Volver a la tienda" to the shop, else the way the payer came (NoShopWayOut);
 * and the merchant's name and logo when the page knows them.
 */
export function WayOut({ shop, returnUrl }: WayOutProps) {
  const services = useServices();
  const { bridge } = services;
  const back = fullPageShopAddress(services, returnUrl);
  return (
    <header className={shop ? 'header way-out' : 'header way-out way-out--bare'}>
      {bridge.embedded ? null : back ? (
        <a className="way-out__back" href={back} target="_top" rel="noopener">
          {t('back_to_shop')}
        </a>
      ) : (
        <NoShopWayOut />
      )}
      {shop ? <MerchantIdentity name={shop.name} logo={shop.logo} /> : null}
      {bridge.embedded ? <CloseButton /> : null}
    </header>
  );
}

/**
 * A full page that knows no address of the shop does not invent one (the checkout's own start is a
 * page for paying by code, nothing the payer asked for): back to the page this tab came from, or,
 * in a tab opened on this page alone (a link in an e-mail), closing it, which browsers allow there.
 */
function NoShopWayOut() {
  // After the first render: the server knows no tab's history.
  const [earlier, setEarlier] = useState<boolean | null>(null);
  useEffect(() => setEarlier(window.history.length > 1), []);
  if (earlier === null) return null;
  return (
    <button type="button" className="way-out__back" onClick={() => (earlier ? window.history.back() : window.close())}>
      {t(earlier ? 'go_back_page' : 'close_this_page')}
    </button>
  );
}

/**
 * The way forward at the end of a page (a receipt, an expired or paid link): "Volver a <shop>",
 * which closes the checkout when embedded and leads to the shop's address as a full page; nothing
 * when a full page knows no address of the shop.
 */
export function ShopReturn({ shopName, returnUrl }: { shopName: string; returnUrl?: string | null | undefined }) {
  const services = useServices();
  const label = shopName.trim() ? t('back_to_named_shop', { shop: shopName.trim() }) : t('back_to_shop');
  if (services.bridge.embedded) {
    return (
      <button type="button" className="button button--primary shop-return" onClick={() => services.bridge.notify({ type: 'close' })}>
        {label}
      </button>
    );
  }
  const back = fullPageShopAddress(services, returnUrl);
  if (!back) return null;
  return (
    <a className="button button--primary shop-return" href={back} target="_top" rel="noopener">
      {label}
    </a>
  );
}
