import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { t } from '../i18n/i18n';

/** Over the first screen, which renders beneath it, so the page is painted and measurable (LCP). */
const OVERLAY: CSSProperties = { position: 'fixed', inset: 0, zIndex: 10, background: 'var(--paper)' };

export function Splash({ durationMs, shownMs = 0, labelled }: { durationMs: number; shownMs?: number; labelled: boolean }) {
  const barStyle = { '--splash-ms': `${durationMs}ms` } as CSSProperties;
  // the page drew the splash before this script ran (splashClock.ts): the bar goes on from there
  const fillStyle: CSSProperties | undefined = shownMs > 0 ? { animationDelay: `${-Math.round(shownMs)}ms` } : undefined;
  // The focus is on the splash's bar while it shows, never on the page's body (the screen beneath is
  // inert), with the page's focus ring (tabindex 0: the page hides it on tabindex -1), and Tab keeps it
  // there: nothing else in the dialog takes it until the screen is up.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const held = bar.current;
    if (document.activeElement === document.body || document.activeElement === null) held?.focus({ preventScroll: true });
    // Given back as it goes, so the screen's own focus (its first field, its heading) finds none taken.
    return () => {
      if (document.activeElement === held) held?.blur();
    };
  }, []);
  const holdTab = (event: KeyboardEvent) => {
    if (event.key === 'Tab') event.preventDefault();
  };
  return (
    // A live region, busy until the screen is up (axe's rule: the page's content inside a landmark or
    // a live region); the screen beneath is inert, out of the accessibility tree.
    <div className="splash" aria-live="polite" aria-busy="true" style={OVERLAY}>
      <svg className="splash__logo" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
        <rect x="4" y="10" width="40" height="28" rx="6" fill="currentColor" />
        <rect x="4" y="17" width="40" height="5" fill="#fff" opacity="0.85" />
        <rect x="10" y="28" width="12" height="4" rx="2" fill="#fff" />
      </svg>
      {/* The name is the brand until the catalog arrives, then the catalog's label. */}
      <div ref={bar} tabIndex={0} onKeyDown={holdTab} className="splash__bar" role="progressbar" aria-label={labelled ? t('splash_aria_label') : 'Pasarela'} style={barStyle}>
        <span className="splash__fill" style={fillStyle} />
      </div>
    </div>
  );
}
