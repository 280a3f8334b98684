import type { PageGoneReason } from '../challengeAbandon';
import type { Language } from '../constants';
import { catalogs, type CatalogKey } from './index';

const KEYS: Record<PageGoneReason, { title: CatalogKey; text: CatalogKey }> = {
  // The checkout's own words for an order paid in another window or device (payments/PaidElsewhere).
  paid_elsewhere: { title: 'paid_elsewhere_title', text: 'paid_elsewhere_how' },
  another_method: { title: 'challenge_page_gone_title', text: 'challenge_page_gone' },
  cancelled_on_page: { title: 'challenge_page_gone_title', text: 'challenge_page_gone_cancelled' },
  merchant: { title: 'challenge_page_gone_title', text: 'payment_voided_by_merchant' },
  other: { title: 'challenge_page_gone_title', text: 'challenge_page_gone_other' },
};

/**
 * What a bank page left open says when it takes no answer (core pageGoneReason), in the payment's
 * language. `paidWith`: the method of the payment that paid the order, named as the checkout names it
 * mid-sentence (a card is a common noun, the other methods brand names); unknown, the sentence goes without it.
 */
export function pageGoneWords(reason: PageGoneReason, lang: Language, paidWith: string | null = null): { title: string; text: string } {
  const words = catalogs[lang];
  const keys = KEYS[reason];
  const named = paidWith ? words[`method_${paidWith}`] : undefined;
  const method = named && paidWith === 'card' ? named.toLocaleLowerCase(lang) : named;
  const text = reason === 'paid_elsewhere' && !method ? words['paid_elsewhere_note'] : words[keys.text]?.replace('{{method}}', method ?? '');
  return { title: words[keys.title] ?? '', text: text ?? '' };
}
