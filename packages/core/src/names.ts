import { LETTERS_PATTERN } from './validationKeys';

interface SplitName {
  firstName: string;
  lastName: string;
}

/** One word is both names (gateways reject an empty last name); 5+ keep compound surnames together. */
export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return { firstName: '', lastName: '' };
  if (words.length === 1) return { firstName: words[0] ?? '', lastName: words[0] ?? '' };
  const firstCount = words.length >= 4 ? 2 : 1;
  return { firstName: words.slice(0, firstCount).join(' '), lastName: words.slice(firstCount).join(' ') };
}

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

export const NAME_LETTERS_PATTERN = /^[\p{L}\p{M} ]+$/u;

/** Applied only to what is sent to a plain-letter processor, never to what is recorded or shown. */
export function processorName(name: string): string {
  const sent = withoutAccents(name).replace(/[^A-Za-z ]/g, '').replace(/ {2,}/g, ' ').trim();
  return LETTERS_PATTERN.test(sent) ? sent : '';
}
