import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_STAY_PARAM, ReceiptSchema, catalogs, refusedChallengeReturn, shopNameOf, type Language, type PrimedAnswer } from '@pasarela/core';
import * as v from 'valibot';
import { cspHashOf } from '../../http/widgetSecurity';
import { escapeHtml } from '@pasarela/core';

// A 3DS challenge that failed returns to the receipt's address (the widget's payments/challengeReturn), but
// what the payer sees next is the card form, in its own history entry (which keeps what was typed,
// storage or not: widget cardDraft). The server knows the outcome from the receipt it reads for the
// page, so the page it answers goes straight back to that entry: no widget start, no receipt shown,
// no round trip before the form. The form follows its payment to the refusal, says the bank's reason
// and tells the shop (as after the widget's own way back, payments/afterReturn stepsBackToForm).

/**
 * Back to the form's entry, as the widget's stepsBackToForm counts it; when that entry is not
 * behind (the count is missing or the history was cut), this address again, marked to show itself.
 */
const SCRIPT =
  `(function(){var n=Number(new URLSearchParams(location.search).get('${CHALLENGE_ENTRIES_PARAM}'));` +
  `if(Number.isInteger(n)&&n>0&&n<history.length)return history.go(n-history.length);` +
  `var u=new URL(location.href);u.searchParams.set('${CHALLENGE_STAY_PARAM}','1');location.replace(u.href)})()`;

/** The page's inline script's CSP source. */
export const CHALLENGE_RETURN_SCRIPT_HASH = cspHashOf(SCRIPT);

/** The receipt in its page's answer, when the API answered it (200). */
function receiptOf(answer: PrimedAnswer | undefined) {
  if (answer?.code !== 200) return null;
  const parsed = v.safeParse(ReceiptSchema, answer.data);
  return parsed.success ? parsed.output : null;
}

/**
 * The page a failed challenge's return address answers with (core refusedChallengeReturn): in the
 * device's colour scheme, the shop's name and where the payer goes (never a blank page, however
 * long the way back takes), and it goes back to the form; null for any other page.
 */
export function challengeReturnPage(url: URL, receipt: PrimedAnswer | undefined, lang: Language): string | null {
  const read = receiptOf(receipt);
  if (!refusedChallengeReturn(url, read)) return null;
  const shop = read?.merchant ? `<header><p><strong>${escapeHtml(shopNameOf(read.merchant))}</strong></p></header>` : '';
  const status = `<p role="status">${escapeHtml(catalogs[lang].returning_to_form ?? '')}</p>`;
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>Pasarela</title><script>${SCRIPT}</script></head><body>${shop}<main>${status}</main></body></html>`;
}
