import { createHash } from 'node:crypto';
import { CATALOG_VERSION, catalogFor, type Language } from '@pasarela/core';

const fingerprints = new Map<Language, string>();

/**
 * The catalogue's own fingerprint in its address (`v=`): an address whose answer never changes, so
 * it is cached for good: the widget page names it and the widget downloads it at most once.
 */
export function catalogFingerprint(lang: Language): string {
  let fingerprint = fingerprints.get(lang);
  if (!fingerprint) {
    fingerprint = createHash('sha256').update(`${CATALOG_VERSION}:${JSON.stringify(catalogFor(lang))}`).digest('hex').slice(0, 16);
    fingerprints.set(lang, fingerprint);
  }
  return fingerprint;
}
