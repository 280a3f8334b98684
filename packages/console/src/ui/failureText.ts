import { catalogs } from '@pasarela/core';
import { AdminError } from '../api/adminApi';
import { consoleLanguage, t } from '../i18n/i18n';
import { WordedError } from './create/FieldError';

/**
 * A refusal's words in the language on screen now, so a switch of language after it rewords it: the
 * console's own refusal from its key and values; the server's as it answered when asked in this
 * language, else its code's words in this one (the server's catalogue, core's), the detail the
 * server worded left out. A code the catalogue has no words for keeps the server's message; a
 * connection that failed is said in the catalogue's words, never the browser's.
 */
export function failureText(error: unknown): string {
  if (error instanceof WordedError) return t(error.wording.key, error.wording.values);
  if (error instanceof AdminError) {
    const lang = consoleLanguage();
    // A failed fetch's message is the browser's, in its own language: the catalogue's words say it.
    if (error.code === 'connection_error') return catalogs[lang]['connection_error'] ?? error.message;
    // The console's own findings about an answer, never the server's words: said in the console's.
    if (error.code === 'bad_answer') return t('badAnswer');
    if (/^http_\d+$/.test(error.code)) return t('httpFailure', { status: error.status });
    if (error.lang === null || error.lang === lang) return error.message;
    return catalogs[lang][error.code] ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
