import { useEffect, useRef } from 'react';
import { APP_STORE_LINKS, appMarketOf, appMarketsFor, type AppMarket, type CatalogKey } from '@pasarela/core';
import { t } from '../../i18n/i18n';

const LABEL: Readonly<Record<AppMarket, CatalogKey>> = { ios: 'market_ios', android: 'market_android' };

export function AppMarketScreen({ userAgent }: { userAgent: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const own = appMarketOf(userAgent);
  useEffect(() => {
    document.title = t('market_title');
    heading.current?.focus();
  }, []);
  return (
    <main className="page page--message market">
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {t('market_title')}
      </h1>
      <p className="page__text">{t('market_text')}</p>
      <ul className="market__stores">
        {appMarketsFor(userAgent).map((market) => (
          <li key={market}>
            <a
              className={`button ${market === own ? 'button--primary' : 'button--secondary'} market__store`}
              href={APP_STORE_LINKS[market]}
              target="_top"
              rel="noopener"
            >
              {t(LABEL[market])}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}
