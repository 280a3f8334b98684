import { useEffect, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { WayOut } from '../ui/WayOut';
import { useServices } from '../services/services';

/** The frame of every wallet screen: one heading, the page title, the content. */
export function WalletPage({ title, children, back }: { title: string; children: ReactNode; back?: string | null | undefined }) {
  const services = useServices();
  useEffect(() => {
    document.title = `${title} · ${t('wallet_title')}`;
  }, [title]);
  return (
    <main className="page page--wallet">
      <WayOut />
      {/* Opened from a payment (signup, recovery from the checkout's login): the way back to it. */}
      {back ? (
        <a className="button--link wallet-back" href={back} onClick={(e) => (e.preventDefault(), services.navigate(back))}>
          {t('back_to_payment')}
        </a>
      ) : null}
      <h1 className="page__title">{title}</h1>
      {children}
    </main>
  );
}
