import { cryptoAmountText, cryptoRefundOnCancel, nextOverpaymentSend } from '@pasarela/core';
import type { CryptoDeposit } from '@pasarela/gateways';
import type { Deps } from '../Deps';
import { gatewayCall } from '../gateways/GatewayCall';
import type { Queryable } from '../db/Database';
import { markStraySent, recordStrayDeposit } from '../store/cryptoRefunds';
import { claimStrayDeposits } from '../store/giveBacks';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { formerDepositOf, strayDepositsOf } from './cryptoReceived';

/**
 * A deposit reported at an address the payment moved from (its coin changed while coins were on their
 * way): recorded as the payer's, in whole smallest units (core cryptoRefundOnCancel), never counted
 * for the payment nor its merchant. On the row settlePayment locked; undefined when the address is
 * not one it moved from, or nothing more arrived there than was recorded.
 */
export async function recordStrayCoins(tx: Queryable, row: TransactionRow, deposit: CryptoDeposit): Promise<TransactionRow | undefined> {
  const former = formerDepositOf(row, deposit.address);
  if (row.method !== 'crypto' || !former) return undefined;
  const stray = cryptoRefundOnCancel({ currency: former.coin, network: former.network, paidCrypto: deposit.paidCrypto, senderAddress: deposit.senderAddress });
  return stray ? recordStrayDeposit(tx, row.cod_oper, deposit.address, stray) : undefined;
}

/** One key per address and starting point: a send asked again is never sent twice, coins that came since go under their own. */
const straySendKey = (codOper: string, address: string, from: number) =>
  from > 0 ? `${codOper}:stray:${address}:${cryptoAmountText(from)}` : `${codOper}:stray:${address}`;

/**
 * The stray deposits still owed go back to the address they came from, each by the crypto processor out
 * of its own deposit (the key the payment held for that address), never out of the merchant's balance;
 * marked sent by a conditional write. A processor that refuses or does not answer leaves it pending for
 * the reconciler (reconcileStrayDeposits). Never throws.
 */
export async function returnStrayDeposits(deps: Pick<Deps, 'db' | 'gateways'>, tx: TransactionRow): Promise<TransactionRow> {
  let row = tx;
  for (const { address, stray } of strayDepositsOf(tx)) {
    const former = formerDepositOf(row, address);
    const send = stray.status === 'pending' && stray.to ? nextOverpaymentSend(stray.amount, stray.sent, null) : null;
    if (!former || !send || !stray.to) continue;
    try {
      const sent = await deps.gateways.crypto.refund({ ...gatewayCall(straySendKey(tx.cod_oper, address, send.from)), depositKey: former.depositKey, to: stray.to, amountCrypto: send.amount });
      if (sent !== 'refunded') continue;
      row = (await markStraySent(deps.db, tx.cod_oper, address, send.from, Number(cryptoAmountText(send.from + send.amount)))) ?? (await findTransaction(deps.db, tx.cod_oper)) ?? row;
    } catch {
      continue;
    }
  }
  return row;
}

/** Past the processor call's deadline: the first try was cut or refused. */
const STRAY_WAIT_MS = 15_000;

/** Stray deposits the first try did not send, asked again under the same keys (nothing sent twice); the payments whose coins all went back. */
export async function reconcileStrayDeposits(deps: Pick<Deps, 'db' | 'gateways'>): Promise<string[]> {
  const sent: string[] = [];
  for (const row of await claimStrayDeposits(deps.db, { waitMs: STRAY_WAIT_MS, claimMs: 60_000, limit: 100 })) {
    const after = await returnStrayDeposits(deps, row);
    if (after !== row && strayDepositsOf(after).every(({ stray }) => stray.status === 'refunded')) sent.push(row.cod_oper);
  }
  return sent;
}
