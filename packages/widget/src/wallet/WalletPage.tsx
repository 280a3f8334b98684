import { useEffect, useRef, useState, type ReactNode } from 'react';
import { checkoutEntry, shopLogoOf } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { loadLinkShop } from '../api/loadLinkShop';
import { WayOut, type ShopIdentity } from '../ui/WayOut';
import { useServices, type Services } from '../services/services';
import { BACK_TO_STATE } from '../services/history';

function useShopOf(back: string | null | undefined, services: Services): ShopIdentity | null {
  const [shop, setShop] = useState<ShopIdentity | null>(null);
  useEffect(() => {
    const entry = back ? checkoutEntry(new URL(back, services.address()).searchParams) : null;
    if (!entry) return;
    let live = true;
    loadLinkShop(services.api, entry.type, entry.code)
      .then((found) => live && found && setShop({ name: found.name, logo: shopLogoOf({ logo: found.logo }, services.config.imageBase) }))
      // Not known: the page shows without the shop's name, as before.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [back, services]);
  return shop;
}

/** Opened on top of the payment (history.ts `back`): the same entry Back returns to, not a second one. */
function backTo(payment: string, services: Services): void {
  const state: unknown = history.state;
  const opened = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[BACK_TO_STATE] : undefined;
  if (typeof opened === 'string' && new URL(opened, location.href).href === new URL(payment, location.href).href) history.back();
  else services.navigate(payment);
}

export function WalletPage({ title, children, back }: { title: string; children: ReactNode; back?: string | null | undefined }) {
  const services = useServices();
  // Opened from a checkout (signup, recovery), the shop's header stays.
  const shop = useShopOf(back, services);
  // Only an address of a checkout is a payment to go back to (not the wallet's own home a login named).
  const toPayment = back && checkoutEntry(new URL(back, services.address()).searchParams) ? back : null;
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
