import * as v from 'valibot';
import { cardBrandOf, cvcLengthFor, passesLuhn } from './cards';
import type { CardBrand } from './cards';
import { isExpiryValid } from './cardExpiry';
import { PASSWORD_MIN_LENGTH } from './constants';
import { isValidationChargeInRange } from './money';
import { DECIMAL_PATTERN, isValidationKey } from './validationKeys';
import type { ValidationKey } from './validationKeys';
import { NAME_LETTERS_PATTERN } from './names';

// SPEC 5: each pipe's issue message is the SPEC message key the form shows.

const filled = (s: string) => s.trim() !== '';

/** field_required: "Campo requerido; required field". */
export const required = () => v.pipe(v.string('field_required'), v.check(filled, 'field_required'));

/** invalid_card: "card number fails the Luhn check" (and must be one of the brands offered). */
export const cardNumber = () =>
  v.pipe(
    required(),
    v.check((s) => passesLuhn(s.replace(/[\s-]/g, '')) && cardBrandOf(s) !== null, 'invalid_card'),
  );

/** expired: "Card expiry MM/YY must not be in the past". */
export const expiry = (now: Date | number) => v.pipe(required(), v.check((s) => isExpiryValid(s, now), 'expired'));

/** invalid_cvc: "CVC is 3 digits (4 for Amex)". Without a brand, 3 or 4 digits pass. */
export const cvc = (brand?: CardBrand | null) =>
  v.pipe(
    required(),
    v.check((s) => (brand === undefined ? /^\d{3,4}$/.test(s) : new RegExp(`^\\d{${cvcLengthFor(brand)}}$`).test(s)), 'invalid_cvc'),
  );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** invalid_email: "Bad e-mail; the support e-mail address is also rejected". */
export const email = (supportEmail?: string) =>
  v.pipe(
    required(),
    v.check((s) => EMAIL.test(s.trim()), 'invalid_email'),
    v.check((s) => !supportEmail || s.trim().toLowerCase() !== supportEmail.trim().toLowerCase(), 'invalid_email'),
  );

// SPEC 5 only_alpha_characters ("Letters and spaces only, no accents or special characters")
// applies to what a plain-letter processor is sent (names.ts processorName), not to the payer.

/** name_letters_only: a person's name, letters (accents and ñ included) and spaces (names.ts). */
export const nameLetters = () => v.pipe(required(), v.check((s) => NAME_LETTERS_PATTERN.test(s), 'name_letters_only'));

/** The spaces between the words of a name, ignoring the ends (so a trailing space does not count). */
function nameSpaceCount(value: string): number {
  return (value.trim().match(/ /g) ?? []).length;
}

/** format_name_invalid: "Full name must have 1 to 3 spaces". */
const fullName = () =>
  v.pipe(
    nameLetters(),
    v.check((s) => !/ {2}/.test(s.trim()) && nameSpaceCount(s) >= 1 && nameSpaceCount(s) <= 3, 'format_name_invalid'),
  );

const numeric = (s: string) => DECIMAL_PATTERN.test(s.trim());

/** validation_number: "Must be a number". */
const numberText = () => v.pipe(required(), v.check(numeric, 'validation_number'));

/** validation_positive_number: "Amount must be at least 1 (message: greater than $1.00)". */
export const positiveNumber = () =>
  v.pipe(numberText(), v.check((s) => Number(s) >= 1, 'validation_positive_number'));

/** invalid_amount_validation_tx: "Validation amount must be 1 to 3 inclusive". */
export const validationCharge = () =>
  v.pipe(required(), v.check((s) => numeric(s) && isValidationChargeInRange(Number(s)), 'invalid_amount_validation_tx'));

/** invalid_length: "Must be more than 3 characters". */
const longerThanThree = () => v.pipe(required(), v.check((s) => s.trim().length > 3, 'invalid_length'));

/** spaces_blank_not_allowed: "No blank-only values" (an empty value is field_required instead). */
export const notBlank = () =>
  v.pipe(v.string('field_required'), v.check((s) => s === '' || filled(s), 'spaces_blank_not_allowed'), v.check((s) => s !== '', 'field_required'));

/** only_alphanumeric_characters: "Alphanumeric only". */
const alphanumeric = () => v.pipe(required(), v.check((s) => /^[A-Za-z0-9]+$/.test(s), 'only_alphanumeric_characters'));

/** validate_characters_min: "Minimum length 8". */
export const minChars = (min: number = PASSWORD_MIN_LENGTH) =>
  v.pipe(required(), v.check((s) => s.length >= min, 'validate_characters_min'));

/**
 * The payment code a payer types on the main checkout page (SPEC 2 "/") when the address has none:
 * spaces_blank_not_allowed, then invalid_length ("more than 3 characters", longerThanThree), then a
 * link code's characters (letters and digits, alphanumeric), on the trimmed code.
 */
export const paymentCodeEntrySchema = v.object(
  {
    code: v.pipe(
      notBlank(),
      v.transform((s) => s.trim()),
      longerThanThree(),
      alphanumeric(),
    ),
  },
  'field_required',
);

interface CardFormOptions {
  now: Date | number;
  /** SPEC 5: "the support e-mail address is also rejected". */
  supportEmail?: string | undefined;
  /** Brands the link and the merchant accept; another brand gives card_not_valid. */
  acceptedBrands?: readonly CardBrand[] | undefined;
}

const optionalText = () => v.optional(v.string('field_required'));

/** SPEC 3 "Form values" of the card form (the phone is checked by phone.ts, loaded lazily). */
export function cardFormSchema(options: CardFormOptions) {
  const accepted = options.acceptedBrands;
  return v.pipe(
    v.object(
      {
        email: email(options.supportEmail),
        name: fullName(),
        cardnumber: v.pipe(
          cardNumber(),
          v.check((s) => {
            const brand = cardBrandOf(s);
            return !accepted || accepted.length === 0 || brand === null || accepted.includes(brand);
          }, 'card_not_valid'),
        ),
        expirationDate: expiry(options.now),
        cvc: cvc(),
        country: optionalText(),
        city: optionalText(),
        userAddress: optionalText(),
        postalCode: optionalText(),
      },
      'field_required',
    ),
    v.forward(
      v.partialCheck(
        [['cardnumber'], ['cvc']],
        (input) => input.cvc.length === cvcLengthFor(cardBrandOf(input.cardnumber)),
        'invalid_cvc',
      ),
      ['cvc'],
    ),
  );
}

/** The first message key per top-level field, so a form shows one message under each field. */
export function fieldErrors<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): Partial<Record<keyof v.InferInput<S> & string, ValidationKey>> {
  const result = v.safeParse(schema, values);
  const errors: Partial<Record<string, ValidationKey>> = {};
  if (result.success) return errors;
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || errors[key] !== undefined) continue;
    errors[key] = isValidationKey(issue.message) ? issue.message : 'field_required';
  }
  return errors;
}
