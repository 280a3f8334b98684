import { useEffect, useRef, useState, type ReactNode } from 'react';
import { shopLogoOf } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { loadLinkShop } from '../api/loadLinkShop';
import { WayOut, type ShopIdentity } from '../ui/WayOut';
import { useServices, type Services } from '../services/services';
import { BACK_TO_STATE } from '../services/history';
import type { CheckoutRoute } from '../services/routeTypes';

function useShopOf(back: CheckoutRoute | null | undefined, services: Services): ShopIdentity | null {
  const [shop, setShop] = useState<ShopIdentity | null>(null);
  const type = back?.type;
  const code = back?.code;
  useEffect(() => {
    if (!type || !code) return;
    let live = true;
    loadLinkShop(services.api, type, code)
      .then((found) => live && found && setShop({ name: found.name, logo: shopLogoOf({ logo: found.logo }, services.config.imageBase) }))
      // Not known: the page shows without the shop's name, as before.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [type, code, services]);
  return shop;
}

/** Opened on top of the payment (history.ts `back`): the same entry Back returns to, not a second one. */
function backTo(payment: string, services: Services): void {
  const state: unknown = history.state;
  const opened = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[BACK_TO_STATE] : undefined;
  if (typeof opened === 'string' && new URL(opened, location.href).href === new URL(payment, location.href).href) history.back();
  else services.navigate(payment);
}

interface WalletPageProps {
  title: string;
  children: ReactNode;
  /** The address the page goes on to, and `back` the checkout it opens (the router's reading of it): the payment to go back to. */
  next?: string | null | undefined;
  back?: CheckoutRoute | null | undefined;
}

export function WalletPage({ title, children, next, back }: WalletPageProps) {
  const services = useServices();
  // Opened from a checkout (signup, recovery), the shop's header stays.
  const shop = useShopOf(back, services);
  const toPayment = back ? next : null;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('wallet_title')}`;
  }, [title]);
  // Arriving on a page (after a login, a signup, a card added) the focus starts at its title, never on the body.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, [title]);
  return (
    <main className="page page--wallet">
      <WayOut shop={shop} />
      {/* Opened from a payment (signup, recovery from the checkout's login): the way back to it. */}
      {toPayment ? (
        <a className="button--link wallet-back" href={toPayment} onClick={(e) => (e.preventDefault(), backTo(toPayment, services))}>
          {t('back_to_payment')}
        </a>
      ) : null}
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {children}
    </main>
  );
}
