import { cancelReasonOf, pageGoneReason, type PageGoneReason } from '@pasarela/core';
import type { Deps } from '../Deps';
import { findPaymentOfLink } from '../store/links';
import { listTransactionsForLink, type TransactionRow } from '../store/transactions';

/**
 * Why a called-off payment's bank page takes no answer (core pageGoneReason), from the payment and its
 * order: the method of the payment that paid its single-use link, when another did (named on the row
 * called off for it, else read from the link, as the payer's call-off may have come first).
 */
export async function pageGoneOf(deps: Pick<Deps, 'db'>, row: TransactionRow): Promise<{ reason: PageGoneReason; paidWith: string | null }> {
  const named = typeof row.details['paidWith'] === 'string' ? row.details['paidWith'] : null;
  const ofLink = !named && row.link_code ? await findPaymentOfLink(deps.db, row.link_code) : undefined;
  const paidWith = named ?? (ofLink && ofLink.cod_oper !== row.cod_oper ? ofLink.method : null);
  const reason = pageGoneReason({ authStatus: row.auth_status, details: row.details }, { paidByAnother: paidWith !== null });
  return { reason, paidWith: reason === 'paid_elsewhere' ? paidWith : null };
}

/**
 * A 3DS challenge or a Clave page withdrawn: the simulated issuer or bank is told why (its page left
 * open in a browser says it when opened or answered). Real gateways have no such page of ours: nothing to tell.
 */
export async function tellPageWhyGone(deps: Pick<Deps, 'db' | 'sandbox'>, row: TransactionRow): Promise<void> {
  if (!deps.sandbox || (row.method !== 'card' && row.method !== 'clave')) return;
  await deps.sandbox.pages.withdrawn(row.cod_oper, await pageGoneOf(deps, row));
}

/**
 * A single-use link just paid: the pages its payer left from the checkout before (told then "you chose
 * to pay another way", maybe from another browser) are told again that the order is paid.
 */
export async function tellPagesLeftTheOrderIsPaid(deps: Pick<Deps, 'db'> & Partial<Pick<Deps, 'sandbox'>>, paid: Pick<TransactionRow, 'cod_oper' | 'link_code'>): Promise<void> {
  if (!deps.sandbox || !paid.link_code) return;
  const left = (await listTransactionsForLink(deps.db, paid.link_code))
    .filter((row) => row.cod_oper !== paid.cod_oper && cancelReasonOf({ authStatus: row.auth_status, details: row.details }) === 'payer');
  await Promise.all(left.map((row) => tellPageWhyGone({ db: deps.db, sandbox: deps.sandbox }, row).catch(() => undefined)));
}
