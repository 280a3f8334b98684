import { CryptoRefundSchema, cryptoAmountText, cryptoOverpaymentDue, type CryptoRefund } from '@pasarela/core';
import * as v from 'valibot';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import { mailLanguage } from '../mail/mailText';
import { overpaymentMail } from '../mail/templates';
import { claimOverpayments } from '../store/giveBacks';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { markCryptoOverpaymentReturned } from '../store/transactionUpdates';
import { depositKeyOf } from './cryptoReceived';
import { sendMerchantMail } from './merchantMail';

/** The coins a crypto payment received beyond its quote (core cryptoOverpaymentOf), recorded with its approval. */
export function cryptoOverpaymentOfRow(tx: Pick<TransactionRow, 'details'>): CryptoRefund | null {
  const parsed = v.safeParse(CryptoRefundSchema, tx.details['overpayment']);
  return parsed.success ? parsed.output : null;
}

/**
 * The coins beyond the quote go back to the address they came from, by the crypto processor, under
 * the payment's own key (`:overpayment`, then `:overpayment:<sent so far>` for coins that came after
 * the approval), so asking again never sends them twice; out of the deposit,
 * never out of the merchant's balance. Marked sent once (a conditional write), and the payer told
 * by e-mail when `origin` is known. A processor that refuses or does not answer leaves it pending:
 * `POST /sandbox/crypto/:id/refund` asks again. Never throws.
 */
export async function returnCryptoOverpayment(deps: Pick<Deps, 'db' | 'gateways'>, tx: TransactionRow, origin?: string): Promise<TransactionRow> {
  const over = cryptoOverpaymentOfRow(tx);
  if (tx.method !== 'crypto' || !over || over.status !== 'pending' || !over.to) return tx;
  // Coins that came after the approval raise it: only what was not sent yet goes, under a key of its own.
  const sentBefore = Number(tx.details['overpaymentSent'] ?? 0);
  const due = cryptoOverpaymentDue(over.amount, sentBefore);
  // All of it went back before: marked now, nothing sent again.
  if (due <= 0) return (await markCryptoOverpaymentReturned(deps.db, tx.cod_oper, sentBefore, sentBefore, new Date().toISOString())) ?? tx;
  // A key per starting point: asked again from the same point, the processor sends nothing twice.
  const key = sentBefore > 0 ? `${tx.cod_oper}:overpayment:${cryptoAmountText(sentBefore)}` : `${tx.cod_oper}:overpayment`;
  try {
    const sent = await deps.gateways.crypto.refund({
      ...gatewayCall(key), depositKey: depositKeyOf(tx.cod_oper, String(tx.details['network'])), to: over.to, amountCrypto: due,
    });
    if (sent !== 'refunded') return tx;
    const returned = await markCryptoOverpaymentReturned(deps.db, tx.cod_oper, sentBefore, Number(cryptoAmountText(sentBefore + due)), new Date().toISOString());
    if (!returned) return (await findTransaction(deps.db, tx.cod_oper)) ?? tx;
    if (origin !== undefined && returned.email) {
      const lang = mailLanguage(returned.lang);
      await sendMerchantMail(deps.db, { to: returned.email, kind: 'refund', merchantId: returned.merchant_id, lang, origin }, (merchant) => overpaymentMail({
        lang, origin, codOper: returned.cod_oper, merchant, amount: `${cryptoAmountText(due)} ${over.coin}`, network: over.network, to: over.to ?? '',
      }));
    }
    return returned;
  } catch {
    return tx;
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
