import * as v from 'valibot';
import { CardTokenSchema } from './cardPaymentSchema';
import { TRACK_ID_PATTERN } from './chargeAttempt';
import { freeText } from './freeText';
import { cardResultMessage, type CardResultKey } from './cardMessages';
import type { Language } from './constants';

// The trackId (one per Save click) keys the card check: sent again, it is the same check, never a second.

export const RegisterCardSchema = v.object(
  {
    // The vault's token, as in a payment's cardInformation (issue 90).
    cardNumber: CardTokenSchema,
    expMonth: v.pipe(v.string('missing_arguments'), v.regex(/^(0[1-9]|1[0-2])$/, 'expired')),
    expYear: v.pipe(v.string('missing_arguments'), v.regex(/^(\d{2}|\d{4})$/, 'expired')),
    cvv: v.optional(v.never('card_token_required')),
    nameOnCard: v.pipe(freeText(80, { tooLongMessage: 'invalid_length' }), v.minLength(1, 'missing_arguments')),
    isDefault: v.optional(v.boolean('missing_arguments')),
    trackId: v.pipe(v.string('missing_arguments'), v.regex(TRACK_ID_PATTERN, 'missing_arguments')),
  },
  'missing_arguments',
);
export type RegisterCardRequest = v.InferInput<typeof RegisterCardSchema>;

const NOT_CONFIRMED: Readonly<Record<Language, string>> = {
  es: 'El banco no confirmó esta tarjeta y no se guardó. Prueba con otra tarjeta.',
  en: 'The bank did not confirm this card, so it was not saved. Try another card.',
};

export function cardCheckMessage(resultKey: string, lang: Language): string {
  return resultKey === 'three_ds' || resultKey === 'pending' ? NOT_CONFIRMED[lang] : cardResultMessage(resultKey, lang);
}
