/**
 * One way to name a card or a phone everywhere (issue 96): shown "Visa •••• 4242", spoken in words
 * ("Visa terminada en 4242") through the catalogue's `card_ending_in` / `phone_ending_in`, so no
 * screen reader reads a run of asterisks or dots.
 */
const MASK_DOTS = '••••';

const BRAND_NAMES: Readonly<Record<string, string>> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  'AMERICAN EXPRESS': 'American Express',
};

export interface MaskedName {
  kind: 'card' | 'phone';
  /** What the eye reads: "Visa •••• 4242", "•••• 3333". */
  shown: string;
  /** The brand's name as payers know it ("Visa"), empty for a phone or an unknown brand. */
  brand: string;
  /** The last four digits, the part spoken. */
  last4: string;
}

function cardBrandName(brand: string | null | undefined): string {
  const raw = (brand ?? '').trim();
  return BRAND_NAMES[raw.toUpperCase()] ?? raw;
}

function lastDigits(masked: string | null | undefined): string {
  const digits = (masked ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : '';
}

/** Any stored form ("**** **** **** 4242", "424242******4242", "****4242") to the one shown form; null when nothing is known. */
export function maskedCardName(brand: string | null | undefined, number: string | null | undefined): MaskedName | null {
  const name = cardBrandName(brand);
  const last4 = lastDigits(number);
  if (!name && !last4) return null;
  const shown = [name, last4 ? `${MASK_DOTS} ${last4}` : ''].filter((part) => part !== '').join(' ');
  return { kind: 'card', shown, brand: name, last4 };
}

/** A phone on every wait and record: "•••• 3333", never the whole number. */
export function maskedPhoneName(phone: string | null | undefined): MaskedName | null {
  const last4 = lastDigits(phone);
  return last4 ? { kind: 'phone', shown: `${MASK_DOTS} ${last4}`, brand: '', last4 } : null;
}

type MaskedNameKey = 'card_ending_in' | 'phone_ending_in';

/** The words for assistive technology, in the caller's language: `say` fills a catalogue text's `{{brand}}` and `{{last4}}`. */
export function spokenMaskedName(name: MaskedName, say: (key: MaskedNameKey, values: { brand: string; last4: string }) => string): string {
  if (name.last4 === '') return name.brand;
  return say(name.kind === 'phone' ? 'phone_ending_in' : 'card_ending_in', { brand: name.brand, last4: name.last4 }).trim();
}
