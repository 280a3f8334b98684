import i18next from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../constants';

// Its own entry point: i18next (~16 KB gzip) stays out of index.ts, which the loader imports.

/** Flat keys (a dot is part of the key), i18next `{{holes}}` and `_one`/`_other` plurals. */
export type Entries = Readonly<Record<string, string>>;
export type TextValues = Readonly<Record<string, string | number | null | undefined>>;

type CatalogueSource = (lang: Language) => Promise<Entries>;

interface Translator<Key extends string> {
  /** A key the language lacks shows the Spanish text (SPEC 1's default), a key neither has the key itself. */
  t(key: Key, values?: TextValues): string;
  has(key: string): key is Key;
  language(): Language;
  /** Switches at once (no await), so a render in the same task reads the new language. */
  start(lang: Language, texts: Entries, spanish?: Entries): void;
  /** The server's prerender renders several languages one page at a time, each render synchronous. */
  switchTo(lang: Language, texts: Entries): void;
}

export async function loadTexts(source: CatalogueSource, lang: Language): Promise<{ texts: Entries; spanish?: Entries }> {
  if (lang === DEFAULT_LANGUAGE) return { texts: await source(lang) };
  const [texts, spanish] = await Promise.all([source(lang), source(DEFAULT_LANGUAGE).catch(() => undefined)]);
  return spanish ? { texts, spanish } : { texts };
}

export function createTranslator<Key extends string>(): Translator<Key> {
  const i18n = i18next.createInstance();
  // Synchronous with the resources given (initAsync false, no backend): the texts come from the
  // catalogue sources above, which keep the version cache.
  void i18n.init({
    initAsync: false,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['es', 'en'],
    resources: {},
    // Keys are flat: a dot or colon in one (`periods.WE`) is part of it, not a path or namespace.
    keySeparator: false,
    nsSeparator: false,
    // Components render text nodes, never HTML; a value is never read for holes again.
    interpolation: { escapeValue: false, skipOnVariables: true },
    // An empty text is a missing one: Spanish's shows instead.
    returnEmptyString: false,
    returnNull: false,
  });

  const show = (lang: Language) => {
    // No backend and every language's resources in place: the change is made before this returns.
    void i18n.changeLanguage(lang);
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  };
  const put = (lang: Language, texts: Entries) => {
    i18n.removeResourceBundle(lang, 'translation');
    i18n.addResourceBundle(lang, 'translation', { ...texts });
  };

  return {
    t(key, values) {
      // As `replace`, so a hole named like an i18next option (`lng`, `ns`) is only a hole.
      const options = values === undefined ? {} : typeof values.count === 'number' ? { replace: values, count: values.count } : { replace: values };
      return String(i18n.t(key, options));
    },
    has(key): key is Key {
      return i18n.exists(key);
    },
    language() {
      return i18n.language === 'en' ? 'en' : 'es';
    },
    start(lang, texts, spanish) {
      if (spanish && lang !== DEFAULT_LANGUAGE) put(DEFAULT_LANGUAGE, spanish);
      put(lang, texts);
      show(lang);
    },
    switchTo(lang, texts) {
      if (!i18n.hasResourceBundle(lang, 'translation')) put(lang, texts);
      show(lang);
    },
  };
}
