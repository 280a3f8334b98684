import { formatAmount, centsToAmount } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import { sendMail } from '../store/mailbox';
import type { TransactionRow } from '../store/transactions';

/** The payment receipt e-mail the service sends for an approved payment (to the dev mailbox here). */
export async function mailReceipt(db: Queryable, tx: TransactionRow, merchantName: string): Promise<void> {
  if (tx.status !== 1 || !tx.email) return;
  // What was charged: the amount, its tax and the donation the payer added to the same card charge.
  const total = formatAmount(centsToAmount(tx.amount_cents + tx.tax_cents + tx.campaign_cents));
  const donation = tx.campaign_cents > 0 ? ` (incluye ${formatAmount(centsToAmount(tx.campaign_cents))} de donación)` : '';
  const card = tx.card_last4 ? ` con ${tx.card_brand ?? 'tarjeta'} terminada en ${tx.card_last4}` : '';
  await sendMail(db, {
    to: tx.email,
    kind: 'receipt',
    subject: `Comprobante de pago ${tx.cod_oper}`,
    body: `Pagaste ${total}${donation} a ${merchantName}${card}. Operación ${tx.cod_oper}. Comprobante: /pf/default-receipt/${tx.cod_oper}`,
  });
}
