import { useEffect, useState } from 'react';
import type { CatalogKey } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useArrivalFocus } from './useArrivalFocus';

/** A wait shorter than this says nothing: arrowing through the methods, each one's chunk in a moment. */
export const LOADING_NOTE_AFTER_MS = 400;

/**
 * Loading is a status, never an alert (STYLE "One polite announcer"): its region is there from the
 * start, empty, and says "Cargando..." once, politely, only when the wait lasts.
 */
export function LoadingNote() {
  const [lasting, setLasting] = useState(false);
  useEffect(() => {
    const timer = setTimeout(setLasting, LOADING_NOTE_AFTER_MS, true);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className="page__text" role="status">
      {lasting ? t('loading') : null}
    </p>
  );
}

/** The loading page's texts: every server-drawn page carries them, for the screen after it. */
export const LOADING_PAGE_KEYS: readonly CatalogKey[] = ['loading'];

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
