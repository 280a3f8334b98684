import * as v from 'valibot';
import { cardBrandOf, cvcLengthFor, passesLuhn } from './cards';
import type { CardBrand } from './cards';
import { isExpiryValid } from './cardExpiry';
import { MIN_PAYER_AMOUNT } from './amountRules';
import { PASSWORD_MIN_LENGTH, SUPPORT_EMAIL } from './constants';
import { DECIMAL_PATTERN, isValidationKey } from './validationKeys';
import type { ValidationKey } from './validationKeys';
import { NAME_LETTERS_PATTERN } from './names';

// SPEC 5: each pipe's issue message is the SPEC message key the form shows.

const filled = (s: string) => s.trim() !== '';

export const required = () => v.pipe(v.string('field_required'), v.check(filled, 'field_required'));

// The card's own rules: what the checkout's card form applied before the card vault's fields
// (packages/vault) took the number, expiry and CVC; the vault checks a card by the same rules.
const cardNumber = () =>
  v.pipe(
    required(),
    v.check((s) => passesLuhn(s.replace(/[\s-]/g, '')) && cardBrandOf(s) !== null, 'invalid_card'),
  );

const expiry = (now: Date | number) => v.pipe(required(), v.check((s) => isExpiryValid(s, now), 'expired'));

const cvc = () => v.pipe(required(), v.check((s) => /^\d{3,4}$/.test(s), 'invalid_cvc'));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The address read without the spaces around it, and kept so. */
export const email = (supportEmail?: string) =>
  v.pipe(
    required(),
    v.check((s) => EMAIL.test(s.trim()), 'invalid_email'),
    v.check((s) => !supportEmail || s.trim().toLowerCase() !== supportEmail.trim().toLowerCase(), 'invalid_email'),
    v.trim(),
  );

/**
 * The payer's e-mail where the server takes it (a payment, a subscription, a payment request's
 * recipient): the checkout forms' rule above with core's support address, so an address the form
 * took is never refused after Pay; every refusal, a blank one too, is invalid_email. `emptyAllowed`:
 * '' is no e-mail (a payment that asks for none).
 */
export const payerEmail = (options: { emptyAllowed?: boolean } = {}) => {
  const rule = email(SUPPORT_EMAIL);
  return v.pipe(
    v.string('invalid_email'),
    v.check((s) => (options.emptyAllowed === true && s === '') || v.is(rule, s), 'invalid_email'),
    v.trim(),
  );
};

// only_alpha_characters applies to what a plain-letter processor is sent (names.ts), not to the payer.

export const nameLetters = () => v.pipe(required(), v.check((s) => NAME_LETTERS_PATTERN.test(s), 'name_letters_only'));

/** Ignoring the ends, so a trailing space does not count. */
function nameSpaceCount(value: string): number {
  return (value.trim().match(/ /g) ?? []).length;
}

const fullName = () =>
  v.pipe(
    nameLetters(),
    v.check((s) => !/ {2}/.test(s.trim()) && nameSpaceCount(s) >= 1 && nameSpaceCount(s) <= 3, 'format_name_invalid'),
  );

const numeric = (s: string) => DECIMAL_PATTERN.test(s.trim());

const numberText = () => v.pipe(required(), v.check(numeric, 'validation_number'));

export const positiveNumber = () =>
  v.pipe(numberText(), v.check((s) => Number(s) >= MIN_PAYER_AMOUNT, 'validation_positive_number'));

/** An empty value is field_required instead. */
export const notBlank = () =>
  v.pipe(v.string('field_required'), v.check((s) => s === '' || filled(s), 'spaces_blank_not_allowed'), v.check((s) => s !== '', 'field_required'));

export const minChars = (min: number = PASSWORD_MIN_LENGTH) =>
  v.pipe(required(), v.check((s) => s.length >= min, 'validate_characters_min'));

interface CardFormOptions {
  now: Date | number;
  /** SPEC 5: the support e-mail address is also rejected. */
  supportEmail?: string | undefined;
  /** Another brand gives card_not_valid. */
  acceptedBrands?: readonly CardBrand[] | undefined;
}

const optionalText = () => v.optional(v.string('field_required'));

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

/** One message under each field. */
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
