import { CryptoRefundSchema, OverpaymentSendSchema, cryptoAmountText, nextOverpaymentSend, overpaymentSendKey, type CryptoRefund, recordedLanguage } from '@pasarela/core';
import * as v from 'valibot';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { overpaymentMail } from '../mail/templates';
import { claimOverpayments } from '../store/giveBacks';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { markCryptoOverpaymentReturned, recordOverpaymentSend } from '../store/transactionUpdates';
import { depositKeyOf } from './cryptoReceived';
import { sendMerchantMail } from './merchantMail';

/** The coins a crypto payment received beyond its quote (core cryptoOverpaymentOf), recorded with its approval. */
export function cryptoOverpaymentOfRow(tx: Pick<TransactionRow, 'details'>): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, tx.details['overpayment']);
  return parsed.success ? parsed.output : null;
}

/**
 * The coins beyond the quote go back to the address they came from, by the crypto processor, out of
 * the deposit, never out of the merchant's balance. Each send is recorded before the processor is
 * asked (core nextOverpaymentSend) under a key of its starting point (`:overpayment`, then
 * `:overpayment:<sent so far>` for coins that came after the approval): asked again (its answer lost,
 * a node stopped), the processor sends nothing twice, and coins that arrived since go under a key of
 * their own. Marked sent once (a conditional write), and the payer told by e-mail when `origin` is
 * known. A processor that refuses or does not answer leaves it pending: the reconciler and `POST
 * /sandbox/crypto/:id/refund` ask again. Never throws.
 */
export async function returnCryptoOverpayment(deps: Pick<Deps, 'db' | 'gateways'>, tx: TransactionRow, origin?: string): Promise<TransactionRow> {
  // A send asked again as recorded, then what coins that came since added: two at most.
  let row = tx;
  for (let sends = 0; sends < 2; sends += 1) {
    const next = await sendOverpaymentOnce(deps, row, origin);
    row = next.row;
    if (!next.sent || cryptoOverpaymentOfRow(row)?.status !== 'pending') break;
  }
  return row;
}

async function sendOverpaymentOnce(deps: Pick<Deps, 'db' | 'gateways'>, tx: TransactionRow, origin?: string): Promise<{ row: TransactionRow; sent: boolean }> {
  const over = cryptoOverpaymentOfRow(tx);
  if (tx.method !== 'crypto' || !over || over.status !== 'pending' || !over.to) return { row: tx, sent: false };
  const sentBefore = Number(tx.details['overpaymentSent'] ?? 0);
  const recorded = v.safeParse(OverpaymentSendSchema, tx.details['overpaymentSending']);
  const send = nextOverpaymentSend(over.amount, sentBefore, recorded.success ? recorded.output : null);
  // All of it went back before: marked now, nothing sent again.
  if (!send) return { row: (await markCryptoOverpaymentReturned(deps.db, tx.cod_oper, sentBefore, sentBefore, new Date().toISOString())) ?? tx, sent: false };
  const sending = await recordOverpaymentSend(deps.db, tx.cod_oper, send);
  if (!sending) return { row: (await findTransaction(deps.db, tx.cod_oper)) ?? tx, sent: false };
  try {
    const sent = await deps.gateways.crypto.refund({
      ...gatewayCall(overpaymentSendKey(tx.cod_oper, send)), depositKey: depositKeyOf(tx), to: over.to, amountCrypto: send.amount,
    });
    if (sent !== 'refunded') return { row: sending, sent: false };
    const returned = await markCryptoOverpaymentReturned(deps.db, tx.cod_oper, send.from, Number(cryptoAmountText(send.from + send.amount)), new Date().toISOString());
    if (!returned) return { row: (await findTransaction(deps.db, tx.cod_oper)) ?? sending, sent: false };
    if (origin !== undefined && returned.email) {
      const lang = recordedLanguage(returned.lang);
      await sendMerchantMail(deps.db, { to: returned.email, kind: 'refund', merchantId: returned.merchant_id, lang, origin }, (merchant) => overpaymentMail({
        lang, origin, codOper: returned.cod_oper, merchant, amount: `${cryptoAmountText(send.amount)} ${over.coin}`, network: over.network, to: over.to ?? '',
      }));
    }
    return { row: returned, sent: true };
  } catch {
    return { row: sending, sent: false };
  }
}

/** Past the processor call's deadline: the first try after the approval was cut or refused. */
export const OVERPAYMENT_WAIT_MS = 15_000;

/**
 * Overpayments the first try did not send (a node stopped, the processor silent or refusing) are
 * asked again under the same key, so nothing is sent twice; each pass claims them for a minute.
 */
export async function reconcileOverpayments(deps: Pick<Deps, 'db' | 'gateways'> & Partial<Pick<Deps, 'publicOrigin'>>): Promise<string[]> {
  const rows = await claimOverpayments(deps.db, { waitMs: OVERPAYMENT_WAIT_MS, claimMs: 60_000, limit: 100 });
  const sent: string[] = [];
  for (const row of rows) {
    const after = await returnCryptoOverpayment(deps, row, deps.publicOrigin);
    if (cryptoOverpaymentOfRow(after)?.status === 'refunded') sent.push(row.cod_oper);
  }
  return sent;
}
