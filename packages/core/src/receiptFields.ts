import { DEFAULT_CONCEPT } from './constants';
import type { Receipt } from './receipt';
import { receiptDisplayStatus, receiptStatusFamily } from './receipt';
import type { StatusFamily } from './status';

// Which lines a receipt shows, per method and status (issue 21 "Receipts read like receipts": no
// English status words in Spanish, no debug-looking fields, "Aparecerá en tu estado de cuenta" only
// for cards). SPEC 3 "Receipt" lists what the server sends; not all of it is for the payer's eyes.

/**
 * A receipt line, in the order they show: operation, date, merchant, method (what is not a card),
 * card, name, concept, authorization (a card's code), payment code (a cash voucher's), where to pay
 * and deadline (a voucher still to pay), reference, refund, tax, statement descriptor.
 */
export type ReceiptField =
  | 'operation' | 'date' | 'merchant' | 'method' | 'card' | 'name' | 'concept' | 'authorization'
  | 'voucherCode' | 'voucherWhere' | 'voucherDeadline' | 'reference' | 'refund' | 'tax' | 'descriptor';

/**
 * An authorization code as issuers give it: six letters or digits with at least one digit
 * ("A1B2C3", "004512"). SPEC 3's authStatus also carries status words (APPROVED, DECLINED, PENDING,
 * PAID, EXPIRED, PENDING_3DS, INSUFFICIENT_FUNDS...), which are no code and English in either language.
 */
function isAuthorizationCode(text: string | null | undefined): boolean {
  const t = (text ?? '').trim();
  return /^[A-Za-z0-9]{6}$/.test(t) && /\d/.test(t);
}

/**
 * What was paid for: the payer's concept, unless it is SPEC 5's wire default ("concept 'not
 * description'"), which no payer wrote; then the link's description (txCtrl.description).
 */
export function receiptConcept(receipt: { concept?: string | null; txCtrl?: { description?: string | null } | null }): string {
  const concept = (receipt.concept ?? '').trim();
  if (concept !== '' && concept !== DEFAULT_CONCEPT) return concept;
  const description = (receipt.txCtrl?.description ?? '').trim();
  return description === DEFAULT_CONCEPT ? '' : description;
}

const isCash = (family: StatusFamily) => family === 'cash' || family === 'cashPoint';

/**
 * The lines a receipt shows, each only when it has something to say:
 * - every receipt: operation number, date, merchant, concept, tax (when above zero);
 * - a card: the brand and number, the payer's name, the authorization when it is a code (never a
 *   status word), and "Aparecerá en tu estado de cuenta como" unless it was declined (nothing is
 *   charged then); other methods never say it: nothing of theirs reaches a card statement;
 * - any other method: which method, the payer's name;
 * - a cash voucher: its payment code (the number paid at the kiosk, SPEC 3 "reference (txNumber)");
 *   while it is still to pay, where to pay and until when (SPEC 9 "Pending cash transactions last 24
 *   hours"); a voucher's authStatus (PENDING, PAID, EXPIRED) is never shown as an authorization;
 * - the reference only when it is not the operation number again;
 * - a crypto payment's refund when one is owed.
 */
export function receiptFields(receipt: Receipt): ReceiptField[] {
  const family = receiptStatusFamily(receipt);
  const display = receiptDisplayStatus(receipt);
  const has = (text: string | null | undefined) => (text ?? '').trim() !== '';
  const fields: ReceiptField[] = ['operation'];
  if (has(receipt.date)) fields.push('date');
  if (has(receipt.merchant?.merchantName)) fields.push('merchant');
  const card = family === 'card';
  if (!card) fields.push('method');
  if (card && (has(receipt.cardType) || has(receipt.displayNum))) fields.push('card');
  if (has(receipt.name) || has(receipt.txCtrl?.completeName)) fields.push('name');
  if (receiptConcept(receipt) !== '') fields.push('concept');
  if (card && isAuthorizationCode(receipt.authStatus)) fields.push('authorization');
  if (isCash(family)) {
    if (has(receipt.reference)) fields.push('voucherCode');
    if (display === 'pending') fields.push('voucherWhere');
    if (display === 'pending' && has(receipt.expirationDate)) fields.push('voucherDeadline');
  } else if (has(receipt.reference) && receipt.reference?.trim() !== receipt.codOper.trim()) {
    fields.push('reference');
  }
  if (receipt.refund) fields.push('refund');
  if ((receipt.taxAmount ?? 0) > 0) fields.push('tax');
  if (card && display !== 'declined' && has(receipt.descriptor)) fields.push('descriptor');
  return fields;
}
