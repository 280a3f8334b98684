import { catalogs, type Language } from '@pasarela/core';

/** SPEC 8 numeric codes and the catalogue key whose text explains them. */
const CODE_KEYS: Readonly<Record<string, string>> = { '3000': 'expired_link', '3001': 'link_not_found', '619': 'payment_expired' };

/** The payer-facing text for an error code, from core's catalogue; the code itself when it has none. */
export function errorText(code: string | number, lang: Language): string {
  const key = CODE_KEYS[String(code)] ?? String(code);
  return catalogs[lang][key] ?? String(code);
}
