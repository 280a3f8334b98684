import * as v from 'valibot';
import { CARD_BRANDS } from './cards';
import { isHttpUrl } from './validationKeys';

// SPEC 4 "Card payment: status 1 leads to the receipt; a 3DS redirect URL is followed at once; any
// other status shows an error."

/** The 200 answer of POST /api/v1/cards/auth-capture. */
export const CardAuthResponseSchema = v.object({
  status: v.number(),
  codOper: v.optional(v.nullable(v.string()), ''),
  messageSys: v.optional(v.nullable(v.string()), ''),
  authStatus: v.optional(v.nullable(v.string()), ''),
  cardType: v.optional(v.nullable(v.picklist(CARD_BRANDS)), null),
  displayNum: v.optional(v.nullable(v.string()), ''),
  redirectUrl: v.optional(v.nullable(v.string()), null),
});
export type CardAuthResponse = v.InferOutput<typeof CardAuthResponseSchema>;

type CardOutcome =
  | { kind: 'receipt'; codOper: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'pending'; codOper: string }
  | { kind: 'error'; messageSys: string };

/** Status values of the card answer (SPEC 4 card display: -1 pending, 0 declined, 1 approved). */
export const CARD_STATUS = { pending: -1, declined: 0, approved: 1 } as const;

/**
 * Pending (-1 without a redirect) goes to the receipt as pending rather than an error: the money
 * may still move, and the parent is told success for PENDING (see docs/spec-decisions.md). A
 * redirect that is not http(s) is refused (SPEC 5 "A URL is valid only with http or https").
 */
export function cardOutcome(response: CardAuthResponse): CardOutcome {
  const codOper = response.codOper ?? '';
  const messageSys = response.messageSys ?? '';
  if (response.status === CARD_STATUS.approved && codOper !== '') return { kind: 'receipt', codOper };
  const url = (response.redirectUrl ?? '').trim();
  if (url !== '' && response.status !== CARD_STATUS.declined) {
    return isHttpUrl(url) ? { kind: 'redirect', url } : { kind: 'error', messageSys };
  }
  if (response.status === CARD_STATUS.pending && codOper !== '') return { kind: 'pending', codOper };
  return { kind: 'error', messageSys };
}
