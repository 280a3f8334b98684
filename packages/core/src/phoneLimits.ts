// Apart from phone.ts so reading them loads no phone-number library.

const PHONE_MAX_CHARACTERS = 250;
const PHONE_MIN_NATIONAL_DIGITS = 2;
const PHONE_MAX_DIGITS = 17;

export function phoneLimitProblem(text: string, nationalDigits: number | null = null): 'too_long' | 'too_short' | null {
  if (text.length > PHONE_MAX_CHARACTERS) return 'too_long';
  if (text.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return 'too_long';
  if (nationalDigits !== null && nationalDigits < PHONE_MIN_NATIONAL_DIGITS) return 'too_short';
  return null;
}

