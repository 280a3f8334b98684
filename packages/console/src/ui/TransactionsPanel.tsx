import { useId, useRef, useState } from 'react';
import { amountToCents, centsToAmount, cryptoAmountText, maskedCardName, spokenMaskedName } from '@pasarela/core';
import { instantText, moneyText as money, t, textOr } from '../i18n/i18n';
import { METHODS, OUTCOMES, type Outcome, type Transaction } from '../api/schemas';
import { settleActionsOf } from '../logic/settleActions';
import type { ConsoleStore } from '../store/consoleStore';
import { SelectField } from './create/fields';
import { RefundForm } from './RefundForm';
import { useActionFocus } from './useActionFocus';
import { useStoreState } from './useStoreState';

function TransactionItem({ store, tx, onPress }: { store: ConsoleStore; tx: Transaction; onPress(control: HTMLElement, codOper: string): void }) {
  const { busy, statements, settle } = useStoreState(store);
  const all = settleActionsOf(tx);
  // A refund takes an amount: it has a form of its own.
  const actions = all.filter((action) => action !== 'refund');
  // One name for a card everywhere (core's maskedCardName): "Visa •••• 9562", read "Visa terminada en 9562".
  const card = tx.displayNum ? maskedCardName(tx.cardType, tx.displayNum) : null;
  const asked = centsToAmount(amountToCents(tx.amount) + amountToCents(tx.taxAmount));
  const paid = tx.outcome === 'APPROVED' && tx.paidAmount > 0;
  const id = useId();
  return (
    // Focusable for useActionFocus, and named by its payment and state, read as it takes the focus.
    <li className="tx" data-codoper={tx.codOper} tabIndex={-1} aria-labelledby={`${id}-op ${id}-outcome`}>
      <div className="tx-head">
        <strong className="tx-op" id={`${id}-op`}>{tx.codOper}</strong>
        <span className={`badge ${tx.outcome.toLowerCase()}`} id={`${id}-outcome`}>{t(`outcome.${tx.outcome}`)}</span>
      </div>
      <p className="tx-meta">
        <span>{textOr(`method.${tx.method}`, tx.method)}</span>
        {/* What the payer paid once it is approved (a hold captured in part, a donation added), and what was asked beside it when they differ. */}
        <span>{money(paid ? tx.paidAmount : asked, tx.currency)}{paid && tx.paidAmount !== asked && <> {t('paidOfAsked', { amount: money(asked, tx.currency) })}</>}</span>
        {tx.capturableAmount > 0 && <span>{t('held', { amount: money(tx.capturableAmount, tx.currency) })}</span>}
        {tx.linkCode && <span>{tx.linkCode}</span>}
        {tx.method === 'cash' && tx.reference && <span>{t('voucher', { reference: tx.reference })}</span>}
        {tx.subscriptionKey && <span>{tx.subscriptionKey}</span>}
        {card && (
          <span>
            <span aria-hidden="true">{card.shown}</span>
            <span className="sr-only">{spokenMaskedName(card, (key, values) => t(key, values))}</span>
          </span>
        )}
        <span>{t('authStatusLine')} <code>{tx.authStatus}</code></span>
        {tx.refundedAmount > 0 && <span>{t('refunded', { amount: money(tx.refundedAmount, tx.currency) })}</span>}
        {tx.overpayment && <span className="overpaid">{t(`overpaid.${tx.overpayment.status}`, { amount: `${cryptoAmountText(tx.overpayment.amount)} ${tx.overpayment.coin}`, to: tx.overpayment.to ?? '' })}</span>}
        <time dateTime={tx.updatedAt}>{instantText(tx.updatedAt)}</time>
      </p>
      <p className="tx-links">
        <a href={`/pf/default-receipt/${encodeURIComponent(tx.codOper)}`} target="_blank" rel="noopener">{t('receipt')}<span className="sr-only"> {tx.codOper}</span></a>
      </p>
      {statements[tx.codOper] && <p className="statement">{t('statementLine', { line: statements[tx.codOper] ?? '' })}</p>}
      {actions.length > 0 && (
        <div className="actions" role="group" aria-label={t('settle', { codOper: tx.codOper })}>
          {actions.map((action) => (
            <button key={action} type="button" aria-disabled={Boolean(busy[`${tx.codOper}:${action}`])} onClick={(e) => {
              onPress(e.currentTarget, tx.codOper);
              void settle(tx, action);
            }}>
              {t(`action.${action}`)}
            </button>
          ))}
        </div>
      )}
      {tx.refunds.length > 0 && (
        <ul className="refunds" aria-label={t('refundList', { codOper: tx.codOper })}>
          {tx.refunds.map((r) => (
            <li key={r.id} className={`refunds__item refunds__item--${r.status}`}>
              <span>{money(r.amount, tx.currency)}</span>
              <span className={`badge ${r.status === 'pending' ? 'pending' : r.status === 'failed' ? 'declined' : 'approved'}`}>{t(`refundState.${r.status}`)}</span>
              <time dateTime={r.createdAt}>{instantText(r.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {all.includes('refund') && <RefundForm store={store} tx={tx} onPress={onPress} />}
    </li>
  );
}

export function TransactionsPanel({ store }: { store: ConsoleStore }) {
  const { transactions, filters, links, setFilters, refreshTransactions } = useStoreState(store);
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const onPress = useActionFocus(transactions, list, heading);
  // The count is said when a filter is changed, once the list is read: an action's outcome and a
  // live change are the notice's to say, not a second time here. Keyed by the change, so the same
  // count after another filter is heard again; worded apart from the visible count it repeats.
  const [countSaid, setCountSaid] = useState<{ change: number; text: string } | null>(null);
  const filterBy = async (changes: Parameters<typeof setFilters>[0]) => {
    if (!(await setFilters(changes))) return;
    setCountSaid((now) => ({ change: (now?.change ?? 0) + 1, text: t('txCountFiltered', { count: store.getState().transactions.length }) }));
  };
  return (
    <section aria-labelledby="panel-watch">
      <h2 id="panel-watch" tabIndex={-1} ref={heading}>{t('tabWatch')}</h2>
      <form className="filters" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={t('filterLink')} name="code" value={filters.code} onChange={(code) => void filterBy({ code })}>
          <option value="">{t('any')}</option>
          {links.map((l) => <option key={l.code} value={l.code}>{`${l.code} · ${l.description}`}</option>)}
        </SelectField>
        <SelectField label={t('filterMethod')} name="method" value={filters.method} onChange={(method) => void filterBy({ method })}>
          <option value="">{t('any')}</option>
          {METHODS.map((m) => <option key={m} value={m}>{t(`method.${m}`)}</option>)}
        </SelectField>
        <SelectField label={t('filterOutcome')} name="outcome" value={filters.outcome} onChange={(outcome) => void filterBy({ outcome: outcome as Outcome | '' })}>
          <option value="">{t('any')}</option>
          {OUTCOMES.map((o) => <option key={o} value={o}>{t(`outcome.${o}`)}</option>)}
        </SelectField>
        <button type="button" onClick={() => void refreshTransactions()}>{t('refresh')}</button>
      </form>
      <p className="count">{t('txCount', { count: transactions.length })}</p>
      <p className="count-said sr-only" aria-live="polite">{countSaid && <span key={countSaid.change}>{countSaid.text}</span>}</p>
      {transactions.length === 0 ? <p>{t('noTransactions')}</p> : (
        <ul className="list" ref={list}>
          {transactions.map((tx) => <TransactionItem key={tx.codOper} store={store} tx={tx} onPress={onPress} />)}
        </ul>
      )}
    </section>
  );
}
