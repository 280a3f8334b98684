import { challengeEndsOnForm, refusalAlertOf } from '@pasarela/core';
import { loadReceipt } from '../api/loadReceipt';
import type { ApiClient } from '../api/client';
import type { ChallengeAnswer } from './paymentContext';

/** How a card payment at its 3DS challenge stands, from its receipt (the page carries it). Its own chunk: only after a challenge. */
export async function readChallengeAnswer(api: ApiClient, codOper: string): Promise<ChallengeAnswer> {
  const receipt = await loadReceipt(api, codOper);
  const refusal = challengeEndsOnForm(receipt) ? refusalAlertOf({ text: receipt.messageSys ?? '', authStatus: receipt.authStatus ?? '' }) : null;
  return { codOper, receipt, refusal };
}
