import { isHttpUrl } from '@pasarela/core';
import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n';
import { CloseButton, MerchantIdentity } from './MerchantHeader';
import { useServices, type Services } from '../services/services';
import { shopReferrerOf, stepsBeforeForm } from '../services/shopReferrer';

export interface ShopIdentity {
  name: string;
  logo: string;
}

export function shopAddress(returnUrl: string | null | undefined, referrer: string, ownOrigin: string): string | null {
  if (returnUrl && isHttpUrl(returnUrl)) return returnUrl;
  if (!isHttpUrl(referrer)) return null;
  return new URL(referrer).origin === ownOrigin ? null : referrer;
}

export function fullPageShopAddress(services: Pick<Services, 'bridge' | 'referrer' | 'address' | 'storage'>, returnUrl: string | null | undefined): string | null {
  return services.bridge.embedded ? null : shopAddress(returnUrl, shopReferrerOf(services.referrer, services.storage.session), services.address().origin);
}

interface WayOutProps {
  shop?: ShopIdentity | null | undefined;
  returnUrl?: string | null | undefined;
}

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
 * With no address of the shop, none is invented: back to the page this tab showed before the
 * checkout (past a 3DS or a bank's page that came after it), or, in a tab opened on this page alone
 * (an e-mail's link), closing it, which browsers allow while the tab has one page. A tab whose first
 * page was the checkout and that has been to the bank since has nowhere to go back to and cannot be
 * closed by a script: it offers no way out rather than one that leads to the bank's page.
 */
function NoShopWayOut() {
  const { storage } = useServices();
  // Drawn at once as "back", the common case (the payer came from the shop or a bank's page), so the
  // page below never moves; after the first render, a tab with no history (the server knows none) says close.
  const [way, setWay] = useState<{ back: number } | 'close' | 'none'>({ back: -1 });
  useEffect(() => {
    const before = stepsBeforeForm(storage.session, window.history.length);
    if (before === undefined) setWay(window.history.length > 1 ? { back: -1 } : 'close');
    else if (before === null) setWay(window.history.length > 1 ? 'none' : 'close');
    else setWay({ back: before });
  }, [storage]);
  // Both asked on the first render, so the page's first texts (the prerender's) carry them, not only the later catalogue.
  const labels = { back: t('go_back_page'), close: t('close_this_page') };
  if (way === 'none') return null;
  return (
    <button type="button" className="way-out__back" onClick={() => (way === 'close' ? window.close() : window.history.go(way.back))}>
      {way === 'close' ? labels.close : labels.back}
    </button>
  );
}

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
