// SPEC 5 "Phone check limits", apart from phone.ts so that reading them loads no phone-number library.

/** SPEC 5 "Phone check limits: over 250 characters is too long". */
const PHONE_MAX_CHARACTERS = 250;
/** SPEC 5 "national part under 2 digits is too short". */
const PHONE_MIN_NATIONAL_DIGITS = 2;
/** SPEC 5 "over 17 digits is too long". */
const PHONE_MAX_DIGITS = 17;

/** Which SPEC 5 "Phone check limits" a phone breaks: 'too_long' (characters or digits) or 'too_short'. */
export function phoneLimitProblem(text: string, nationalDigits: number | null = null): 'too_long' | 'too_short' | null {
  if (text.length > PHONE_MAX_CHARACTERS) return 'too_long';
  if (text.replace(/\D/g, '').length > PHONE_MAX_DIGITS) return 'too_long';
  if (nationalDigits !== null && nationalDigits < PHONE_MIN_NATIONAL_DIGITS) return 'too_short';
  return null;
}

