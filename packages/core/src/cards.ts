import { CVC_LENGTH, CVC_LENGTH_AMEX } from './constants';

export const CARD_BRANDS = ['VISA', 'MC', 'AMEX'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

export function passesLuhn(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (digits.length < 12 || digits.length > 19 || digits !== cardNumber.replace(/[\s-]/g, '')) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(cardNumber: string): CardBrand | null {
  const d = digitsOnly(cardNumber);
  if (d.startsWith('4') && (d.length === 13 || d.length === 16)) return 'VISA';
  const two = Number(d.slice(0, 2));
  const four = Number(d.slice(0, 4));
  if (d.length === 16 && ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720))) return 'MC';
  if ((d.startsWith('34') || d.startsWith('37')) && (d.length === 15 || d.length === 16)) return 'AMEX';
  return null;
}

export function cvcLengthFor(brand: CardBrand | null): number {
  return brand === 'AMEX' ? CVC_LENGTH_AMEX : CVC_LENGTH;
}
