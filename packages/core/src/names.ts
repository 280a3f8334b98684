import { LETTERS_PATTERN } from './validationKeys';

// SPEC 3 "Name splitting: full name split on spaces into firstname/lastname (4 words: 2+2; 3 words:
// 1+2; 2 words: 1+1)."

interface SplitName {
  firstName: string;
  lastName: string;
}

/**
 * 1 word: the word is both first and last name, because gateways reject an empty last name and
 * the card form only accepts 2 to 4 words anyway. 5+ words: the first two are the first name and
 * the rest the last name, extending the 4-word rule (Spanish compound surnames stay together).
 */
export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0] ?? '', lastName: words[0] ?? '' };
  const firstCount = words.length >= 4 ? 2 : 1;
  return { firstName: words.slice(0, firstCount).join(' '), lastName: words.slice(firstCount).join(' ') };
}

/** Accents and the tilde dropped (José Peña -> Jose Pena); spaces kept. */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * A person's name as the payer writes it: letters of any kind (accents and ñ included) and single
 * spaces. Names keep their accents everywhere the payer sees them (forms, receipts, e-mails, wallet).
 */
export const NAME_LETTERS_PATTERN = /^[\p{L}\p{M} ]+$/u;

/**
 * The name as a card processor that takes plain letters receives it: transliterated (María Núñez
 * -> Maria Nunez), then anything else dropped, so it meets SPEC 5 only_alpha_characters ("Letters
 * and spaces only, no accents or special characters"). Applied where the card port is called, to
 * what is sent, never to what is recorded or shown.
 */
export function processorName(name: string): string {
  const sent = withoutAccents(name).replace(/[^A-Za-z ]/g, '').replace(/ {2,}/g, ' ').trim();
  return LETTERS_PATTERN.test(sent) ? sent : '';
}
