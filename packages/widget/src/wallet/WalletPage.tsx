import { useEffect, type ReactNode } from 'react';
import { t } from '../i18n/i18n';
import { WayOut } from '../ui/WayOut';

/** The frame of every wallet screen: one heading, the page title, the content. */
export function WalletPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${t('wallet_title')}`;
  }, [title]);
  return (
    <main className="page page--wallet">
      <WayOut />
      <h1 className="page__title">{title}</h1>
      {children}
    </main>
  );
}
