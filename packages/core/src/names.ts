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

/**
 * The name as a card network carries it: accents and the tilde dropped (José Peña -> Jose Pena).
 * SPEC 5 only_alpha_characters rejects accents, so the card form applies this as the payer types
 * instead of refusing a Spanish name. Spaces are kept so typing is not disturbed.
 */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}
