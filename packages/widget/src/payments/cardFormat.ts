import { cardBrandHint, cvcLengthFor, digitsOnly } from '@pasarela/core';

// Display formatting only, for every card form (the card method's, the wallet's add card): the
// store keeps what the rules read (digits, MM/YY), the input shows groups.

const MAX_CARD_DIGITS = 19;

/** Digits of a card number as typed or pasted, capped at the longest number a card has. */
export function cleanCardNumber(value: string): string {
  return digitsOnly(value).slice(0, MAX_CARD_DIGITS);
}

/** 4-6-5 for Amex, groups of four for the rest, as printed on the cards. */
export function formatCardNumber(digits: string): string {
  if (cardBrandHint(digits) === 'AMEX') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15), digits.slice(15)].filter((g) => g !== '').join(' ');
  }
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * MM/YY while typing: the slash appears after the month, a lone 2-9 becomes 0X, and deleting
 * back over the slash works because a trailing slash is only added when the payer typed forward.
 */
export function formatExpiry(value: string, previous: string): string {
  // Autofill may write a four-digit year (12/2034): keep its last two digits.
  const long = /^\s*(\d{1,2})\s*[/-]\s*\d{2}(\d{2})\s*$/.exec(value);
  if (long) return `${(long[1] ?? '').padStart(2, '0')}/${long[2] ?? ''}`;
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && /[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  const deleting = value.length < previous.length;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Where the caret goes in `formatted` so that `digitsBefore` digits stand before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/** CVC digits, as many as the brand the number is heading to allows. */
export function cleanCvc(value: string, cardDigits: string): string {
  return digitsOnly(value).slice(0, cvcLengthFor(cardBrandHint(cardDigits)));
}
