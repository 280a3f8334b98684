import i18next from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../constants';

// The one i18next set-up of the apps that show text (the widget, the sandbox console), as its own
// entry `@pasarela/core/translator`: i18next (~16 KB gzip) stays out of index.ts, which the loader
// and the sandbox's rules import.

/** One language's texts: flat keys (a dot is part of the key), i18next `{{holes}}` and `_one`/`_other` plurals. */
export type Entries = Readonly<Record<string, string>>;
/** The values of a text's holes: always text, never HTML. */
export type TextValues = Readonly<Record<string, string | number | null | undefined>>;

/** Where a language's texts come from: the widget's remote catalogue (SPEC 1), the console's bundled texts. */
type CatalogueSource = (lang: Language) => Promise<Entries>;

interface Translator<Key extends string> {
  /**
   * The text of `key` in the current language with its holes filled from `values` (a numeric
   * `count` picks the plural form). A key the language's catalogue lacks shows the Spanish text
   * (SPEC 1: Spanish is the default), and a key neither has shows the key itself.
   */
  t(key: Key, values?: TextValues): string;
  /** Whether `key` has a text (a server's message key, say): then `t` takes it. */
  has(key: string): key is Key;
  language(): Language;
  /**
   * Takes `lang`'s texts and, for a key they lack, Spanish's, and switches to `lang` at once (no
   * await: a render that follows in the same task reads it). A language given again replaces its texts.
   */
  start(lang: Language, texts: Entries, spanish?: Entries): void;
  /**
   * Switches at once to `lang`, its texts given only the first time (the server's prerender renders
   * several languages one page at a time, each render synchronous to its end).
   */
  switchTo(lang: Language, texts: Entries): void;
}

/**
 * The texts `lang` needs from `source`: its own and, unless it is Spanish, Spanish's for the keys it
 * lacks, both asked for at once (without Spanish's, `lang`'s still show).
 */
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
      // The values go as `replace`, so a hole named like an i18next option (`lng`, `ns`,
      // `defaultValue`) is still only a hole; `count` also picks the plural.
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
