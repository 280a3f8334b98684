/** PRODUCT.md's Nequi and Yappy test phones; any other valid phone is approved. */
export type PhoneOutcome = 'approved' | 'declined' | 'no_answer';

const NEQUI: Readonly<Record<string, PhoneOutcome>> = { '3991111111': 'approved', '3992222222': 'declined', '3993333333': 'no_answer' };
const YAPPY: Readonly<Record<string, PhoneOutcome>> = { '61111111': 'approved', '62222222': 'declined', '63333333': 'no_answer' };

/** A Colombian mobile: ten digits starting with 3 (an optional +57 in front). */
export function nequiPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?57(?=3\d{9}$)/, '');
  return /^3\d{9}$/.test(digits) ? digits : null;
}

/** A Panamanian mobile: eight digits starting with 6 (an optional +507 in front). */
export function yappyPhone(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '').replace(/^\+?507(?=6\d{7}$)/, '');
  return /^6\d{7}$/.test(digits) ? digits : null;
}

export const nequiOutcome = (phone: string): PhoneOutcome => NEQUI[phone] ?? 'approved';
export const yappyOutcome = (phone: string): PhoneOutcome => YAPPY[phone] ?? 'approved';
