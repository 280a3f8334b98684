import { cardBrandHint, cvcLengthFor, digitsOnly } from '@pasarela/core';

// Display only: the store keeps what the rules read (digits, MM/YY), the input shows groups.

const MAX_CARD_DIGITS = 19;

export function cleanCardNumber(value: string): string {
  return digitsOnly(value).slice(0, MAX_CARD_DIGITS);
}

export function formatCardNumber(digits: string): string {
  if (cardBrandHint(digits) === 'AMEX') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15), digits.slice(15)].filter((g) => g !== '').join(' ');
  }
  return (digits.match(/.{1,4}/g) ?? []).join(' ');
}

/** A trailing slash is only added when typing forward, so deleting back over it works. */
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

export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i] ?? '')) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

export function cleanCvc(value: string, cardDigits: string): string {
  return digitsOnly(value).slice(0, cvcLengthFor(cardBrandHint(cardDigits)));
}
