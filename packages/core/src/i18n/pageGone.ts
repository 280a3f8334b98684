import type { PageGoneReason } from '../challengeAbandon';
import type { Language } from '../constants';
import { catalogs, type CatalogKey } from './index';

/** The issuer's 3D Secure challenge, or the bank's Clave page. */
type BankPageKind = 'challenge' | 'bank';

const TEXTS: Record<PageGoneReason, Record<BankPageKind, CatalogKey>> = {
  // The checkout's own words for an order paid in another window or device (payments/PaidElsewhere).
  paid_elsewhere: { challenge: 'paid_elsewhere_how', bank: 'paid_elsewhere_how' },
  another_method: { challenge: 'challenge_page_gone', bank: 'challenge_page_gone' },
  cancelled_on_page: { challenge: 'challenge_page_gone_cancelled', bank: 'challenge_page_gone_other' },
  merchant: { challenge: 'payment_voided_by_merchant', bank: 'payment_voided_by_merchant' },
  other: { challenge: 'challenge_page_gone_other', bank: 'challenge_page_gone_other' },
};
const TITLES: Record<BankPageKind, CatalogKey> = { challenge: 'challenge_page_gone_title', bank: 'bank_page_gone_title' };

/**
 * What a bank page left open says when it takes no answer (core pageGoneReason), in the payment's
 * language. `paidWith`: the method of the payment that paid the order, named as the checkout names it
 * mid-sentence (a card is a common noun, the other methods brand names); unknown, the sentence goes without it.
 */
export function pageGoneWords(reason: PageGoneReason, lang: Language, paidWith: string | null = null, page: BankPageKind = 'challenge'): { title: string; text: string } {
  const words = catalogs[lang];
  const named = paidWith ? words[`method_${paidWith}`] : undefined;
  const method = named && paidWith === 'card' ? named.toLocaleLowerCase(lang) : named;
  const text = reason === 'paid_elsewhere' && !method ? words['paid_elsewhere_note'] : words[TEXTS[reason][page]]?.replace('{{method}}', method ?? '');
  const title = reason === 'paid_elsewhere' ? words['paid_elsewhere_title'] : words[TITLES[page]];
  return { title: title ?? '', text: text ?? '' };
}
