import { t } from '../i18n/i18n';

/** Loading is a status, never an alert (STYLE "One polite announcer"): announced once, politely. */
export function LoadingNote() {
  return (
    <p className="page__text" role="status" aria-busy="true">
      {t('loading')}
    </p>
  );
}

export function LoadingPage() {
  return (
    <main className="page page--loading">
      <LoadingNote />
    </main>
  );
}
