import type { Language } from './constants';
import { payerDateText, shownText } from './panamaTime';

// An ISO 8601 instant with its offset: what a campaign's receipt answers (`tx.created_at` as JSON).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
// The receipt by operation's own form (the server's formatPanamaDate and formatPanamaTime): Panama's day and time.
const PANAMA_DATE_TIME = /^(\d{2})\/(0[1-9]|1[0-2])\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * A receipt's `date` as the payer reads it (SPEC "Receipt: date"), in Panama's day and time as
 * payerDateText says them: the receipt by operation gives them as `DD/MM/YYYY HH:mm:ss` (Panama's); an
 * ISO 8601 instant is put in Panama's; anything else is shown as it came. Nothing goes through
 * Date.parse's guesses, which read 01/12/2026 as January 12th.
 */
export function receiptDateText(date: string, lang: Language): string {
  const panama = PANAMA_DATE_TIME.exec(date);
  if (panama) {
    const [, day = '', month = '', year = '', hours = '', minutes = '', seconds = ''] = panama;
    return shownText({ day, month, year, hours, minutes, seconds }, lang, true, true);
  }
  const at = ISO_INSTANT.test(date) ? Date.parse(date) : Number.NaN;
  return Number.isNaN(at) ? date : payerDateText(at, lang);
}
