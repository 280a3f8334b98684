import * as v from 'valibot';
import { CardNumberSchema, cardBrandOf, cvcLengthFor, isCardExpiryValid, type CardBrand } from '@pasarela/core';

/** The card as typed, checked by core's card rules; what the vault seals and keeps. */
export interface CheckedCard {
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string | null;
}

export type CardField = 'number' | 'expiry' | 'cvc' | 'holder';

/** SPEC 5's message keys, so the fields page shows the checkout's own messages. */
export interface FieldError {
  field: CardField;
  code: 'field_required' | 'invalid_card' | 'card_not_valid' | 'expired' | 'invalid_cvc' | 'invalid_holder';
}

const text = v.optional(v.union([v.string(), v.number()]), '');
export const TokenizeBody = v.object({ number: text, expMonth: text, expYear: text, cvc: text, holder: v.optional(v.string()) });

const HOLDER_MAX = 100;

/** Every field's first error, or the card. */
export function checkCard(body: v.InferOutput<typeof TokenizeBody>, now: Date): CheckedCard | FieldError[] {
  const errors: FieldError[] = [];
  const number = String(body.number).replace(/[\s-]/g, '');
  const brand = cardBrandOf(number);
  if (number === '') errors.push({ field: 'number', code: 'field_required' });
  // A number no accepted brand starts with says so; one of a known brand failing Luhn is mistyped.
  else if (brand === null) errors.push({ field: 'number', code: 'card_not_valid' });
  else if (!v.is(CardNumberSchema, number)) errors.push({ field: 'number', code: 'invalid_card' });
  const month = String(body.expMonth).trim().padStart(2, '0');
  const year = String(body.expYear).trim();
  if (String(body.expMonth).trim() === '' || year === '') errors.push({ field: 'expiry', code: 'field_required' });
  else if (!isCardExpiryValid(month, year, now)) errors.push({ field: 'expiry', code: 'expired' });
  const cvc = String(body.cvc).trim();
  if (cvc === '') errors.push({ field: 'cvc', code: 'field_required' });
  else if (!/^\d+$/.test(cvc) || cvc.length !== cvcLengthFor(brand)) errors.push({ field: 'cvc', code: 'invalid_cvc' });
  const holder = body.holder?.trim() ?? '';
  if (holder.length > HOLDER_MAX || /[\u0000-\u001f\u007f<>]/.test(holder)) errors.push({ field: 'holder', code: 'invalid_holder' });
  if (errors.length > 0 || brand === null) return errors;
  return { number, brand, expMonth: Number(month), expYear: 2000 + Number(year.slice(-2)), cvc, holder: holder === '' ? null : holder };
}
