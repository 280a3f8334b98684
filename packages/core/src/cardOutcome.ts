import * as v from 'valibot';
import { CARD_BRANDS } from './cards';
import { isHttpUrl } from './validationKeys';

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

export const CARD_STATUS = { pending: -1, declined: 0, approved: 1 } as const;

/** Pending without a redirect goes to the receipt, not an error: the money may still move (docs/spec-decisions.md). */
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
