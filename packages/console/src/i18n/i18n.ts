import { formatAmount, type Currency, type Language } from '@pasarela/core';
import { createTranslator, loadTexts, type TextValues } from '@pasarela/core/translator';
import { en, es, type ConsoleKey } from './messages';

// The console's texts through the shared i18next set-up (the widget's, core/src/i18n/translator.ts),
// keys typed from its Spanish texts. Both languages are bundled: the console is a developer tool,
// not a payer's first load, and its texts are not in the payer's remote catalogue.

export type ConsoleLanguage = Language;

const translator = createTranslator<ConsoleKey>();
const bundled = (lang: Language) => Promise.resolve(lang === 'en' ? en : es);

/** Starts, or switches, in `lang`; the page's language and title follow. */
export async function changeLanguage(lang: ConsoleLanguage): Promise<void> {
  const { texts, spanish } = await loadTexts(bundled, lang);
  translator.start(lang, texts, spanish);
  if (typeof document !== 'undefined') document.title = `${t('title')} · Pasarela`;
}

export function t(key: ConsoleKey, values?: TextValues): string {
  return translator.t(key, values);
}

/** The language the console shows now (the translator's, which the page's `lang` follows). */
export function consoleLanguage(): ConsoleLanguage {
  return translator.language();
}

/** A key built from what the server sent (a state, a method): its text if the console has one, else the value as sent. */
export function textOr(key: string, shown: string): string {
  return translator.has(key) ? translator.t(key) : shown;
}

/** ?lang=en|es first, then what was chosen last, then Spanish (the console's default). */
export function pickLanguage(search: string, saved: string | null): ConsoleLanguage {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === 'en' || asked === 'es') return asked;
  return saved === 'en' ? 'en' : 'es';
}

/** An amount in its currency as core writes it for the console's language: "$1,234.50", "$ 50.000" (es-CO), "COP 50,000" (en). */
export function moneyText(amount: number, currency: Currency = 'USD'): string {
  return formatAmount(amount, consoleLanguage(), currency);
}

/**
 * An instant as the console shows it, in the console's language and the operator's own time zone,
 * the month in words ("1 dic 2026, 9:46:44", "Dec 1, 2026, 9:46:44 AM"): never the browser's numeric
 * default, which reads 12/1 in one language and 1/12 in the other.
 */
export function instantText(iso: string): string {
  return new Date(iso).toLocaleString(consoleLanguage(), { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A calendar day (YYYY-MM-DD, a payout's arrival) as the console writes dates: "2 dic 2026", "Dec 2, 2026". */
export function dayText(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : at.toLocaleDateString(consoleLanguage(), { dateStyle: 'medium', timeZone: 'UTC' });
}
