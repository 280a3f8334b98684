import { t } from '../i18n/i18n';
import { useArrivalFocus } from './useArrivalFocus';

/** Loading is a status, never an alert (STYLE "One polite announcer"): announced once, politely. */
export function LoadingNote() {
  return (
    <p className="page__text" role="status" aria-busy="true">
      {t('loading')}
    </p>
  );
}

/**
 * A whole page loading (a receipt's chunk after a wait, a route's data) replaced the screen that held
 * the focus: the note holds it meanwhile, so it never rests on the page's body (issue 96).
 */
export function LoadingPage() {
  const note = useArrivalFocus<HTMLParagraphElement>();
  return (
    <main className="page page--loading">
      <p ref={note} tabIndex={-1} className="page__text" role="status" aria-busy="true">
        {t('loading')}
      </p>
    </main>
  );
}
