import { catalogs, type Language } from '@pasarela/core';

/**
 * An e-mail's text from the catalogue (packages/core/src/i18n, the mail_ keys and the words the
 * widget shows too), in the payer's language, with its {{placeholders}} filled. The values are
 * plain text: e-mails are sent as text, never HTML.
 */
export function mailText(lang: Language, key: string, values: Record<string, string> = {}): string {
  const text = catalogs[lang][key] ?? catalogs.es[key];
  if (text === undefined) throw new Error(`no catalogue text ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${key} needs {{${name}}}`);
    return value;
  });
}

