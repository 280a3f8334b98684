import i18next from 'i18next';
import { en, es } from './messages';

export type ConsoleLanguage = 'es' | 'en';

const instance = i18next.createInstance();

/** Both catalogues are bundled: the console is a developer tool, not a payer's first load. */
export async function startI18n(lang: ConsoleLanguage): Promise<void> {
  await instance.init({
    lng: lang,
    fallbackLng: 'es',
    resources: { es: { translation: es }, en: { translation: en } },
    // Components render text nodes, never HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export async function changeLanguage(lang: ConsoleLanguage): Promise<void> {
  await instance.changeLanguage(lang);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.title = `${t('title')} · Pasarela`;
  }
}

export function t(key: string, values?: Record<string, string | number>): string {
  return instance.t(key, values ?? {}) as string;
}

/** ?lang=en|es first, then what was chosen last, then Spanish (the console's default). */
export function pickLanguage(search: string, saved: string | null): ConsoleLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'en' || asked === 'es') return asked;
  return saved === 'en' ? 'en' : 'es';
}
