const VALIDATION_KEYS = [
  'field_required',
  'invalid_card',
  'validation_positive_number',
  'validation_number',
  'invalid_email',
  'only_alpha_characters',
  // Ours: a person's name keeps its accents (names.ts); only_alpha_characters applies to what a processor is sent.
  'name_letters_only',
  'format_name_invalid',
  'expired',
  'invalid_cvc',
  'invalid_length',
  'invalid_phone_number',
  'invalid_amount',
  'greater_than_zero',
  'invalid_amount_validation_tx',
  'invalid_password',
  'policies_lowercase',
  'policies_uppercase',
  'policies_digits',
  'policy_simbol',
  'password_nomatch',
  'validate_characters_min',
  'validate_characters_max',
  'spaces_blank_not_allowed',
  'only_alphanumeric_characters',
  'card_not_valid',
] as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function isValidationKey(value: unknown): value is ValidationKey {
  return (VALIDATION_KEYS as readonly unknown[]).includes(value);
}

export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/;
export const LETTERS_PATTERN = /^[A-Za-z ]+$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
