import { useEffect, useRef } from 'react';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { followHeaderHeight } from './headerHeight';

interface MerchantHeaderProps {
  name: string;
  logo: string;
}

export function MerchantHeader({ name, logo }: MerchantHeaderProps) {
  const { bridge } = useServices();
  const header = useRef<HTMLElement>(null);
  useEffect(() => followHeaderHeight(header.current), []);
  return (
    <header className="header" ref={header}>
      <MerchantIdentity name={name} logo={logo} />
      {bridge.embedded ? <CloseButton /> : null}
    </header>
  );
}

/** The logo's box is sized, so nothing moves when it arrives. */
export function MerchantIdentity({ name, logo }: MerchantHeaderProps) {
  return (
    <>
      {logo ? <img className="header__logo" src={logo} alt="" width="40" height="40" /> : <span className="header__logo header__logo--empty" aria-hidden="true">{name.slice(0, 1)}</span>}
      <p className="header__name">{name}</p>
    </>
  );
}

export function CloseButton() {
  const { bridge } = useServices();
  return (
    <button type="button" className="header__close" aria-label={t('close')} onClick={() => bridge.notify({ type: 'close' })}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
