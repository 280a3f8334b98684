import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_STAY_PARAM, ReceiptSchema, catalogs, refusedChallengeReturn, shopNameOf, type Language, type PrimedAnswer } from '@pasarela/core';
import * as v from 'valibot';
import { cspHashOf } from '../../http/widgetSecurity';
import { escapeHtml } from '@pasarela/core';

// A failed 3DS challenge returns to the receipt's address, but the payer next sees the card form in
// its own history entry (which keeps what was typed): the server knows the outcome, so its page goes
// straight back there, with no widget start and no round trip.

// Back to the form's entry; when it is not behind (history cut), this address again, marked to show itself.
const SCRIPT =
  `(function(){var n=Number(new URLSearchParams(location.search).get('${CHALLENGE_ENTRIES_PARAM}'));` +
  `if(Number.isInteger(n)&&n>0&&n<history.length)return history.go(n-history.length);` +
  `var u=new URL(location.href);u.searchParams.set('${CHALLENGE_STAY_PARAM}','1');location.replace(u.href)})()`;

export const CHALLENGE_RETURN_SCRIPT_HASH = cspHashOf(SCRIPT);

function receiptOf(answer: PrimedAnswer | undefined) {
  if (answer?.code !== 200) return null;
  const parsed = v.safeParse(ReceiptSchema, answer.data);
  return parsed.success ? parsed.output : null;
}

/** In the device's colour scheme with the shop's name, never a blank page however long the way back takes. */
export function challengeReturnPage(url: URL, receipt: PrimedAnswer | undefined, lang: Language): string | null {
  const read = receiptOf(receipt);
  if (!refusedChallengeReturn(url, read)) return null;
  const shop = read?.merchant ? `<header><p><strong>${escapeHtml(shopNameOf(read.merchant))}</strong></p></header>` : '';
  const status = `<p role="status">${escapeHtml(catalogs[lang].returning_to_form ?? '')}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>Pasarela</title><script>${SCRIPT}</script></head><body>${shop}<main>${status}</main></body></html>`;
}
