import * as v from 'valibot';
import { CARD_BRANDS } from './cards';
import { NumberLike, optionalText } from './schemaParts';

const optionalId = v.optional(v.nullable(NumberLike), null);

export const SavedCardSchema = v.object({
  cardToken: v.string(),
  visibleNum: optionalText(),
  cardType: v.picklist(CARD_BRANDS),
  isDefault: v.optional(v.nullable(v.boolean()), false),
  idRelCard: optionalId,
  idRegCard: optionalId,
  idUsr: optionalId,
  idUsrPfCard: optionalId,
  nameOnCard: optionalText(),
});
export type SavedCard = v.InferOutput<typeof SavedCardSchema>;

export function usableSavedCards(cards: readonly SavedCard[], idUsr: number): SavedCard[] {
  return cards
    .filter((c) => (c.idUsrPfCard === null || c.idUsrPfCard === 0) && (c.idUsr === null || c.idUsr === idUsr))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || (b.idRelCard ?? 0) - (a.idRelCard ?? 0));
}
