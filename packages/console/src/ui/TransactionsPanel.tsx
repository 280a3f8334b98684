import { useEffect, useRef } from 'react';
import { amountToCents, centsToAmount, cryptoAmountText, maskedCardName, spokenMaskedName } from '@pasarela/core';
import { instantText, moneyText as money, t, textOr } from '../i18n/i18n';
import { METHODS, OUTCOMES, type Outcome, type Transaction } from '../api/schemas';
import { settleActionsOf } from '../logic/settleActions';
import type { ConsoleStore } from '../store/consoleStore';
import { SelectField } from './create/fields';
import { RefundForm } from './RefundForm';
import { useStoreState } from './useStoreState';

function TransactionItem({ store, tx }: { store: ConsoleStore; tx: Transaction }) {
  const { busy, statements, settle } = useStoreState(store);
  const all = settleActionsOf(tx);
  // A refund takes an amount: it has a form of its own.
  const actions = all.filter((action) => action !== 'refund');
  // One name for a card everywhere (core's maskedCardName): "Visa •••• 9562", read "Visa terminada en 9562".
  const card = tx.displayNum ? maskedCardName(tx.cardType, tx.displayNum) : null;
  const asked = centsToAmount(amountToCents(tx.amount) + amountToCents(tx.taxAmount));
  const paid = tx.outcome === 'APPROVED' && tx.paidAmount > 0;
  const item = useRef<HTMLLIElement>(null);
  // The settle button that had the focus when pressed. Settled, the payment may lose that button
  // (it is no longer pending): the focus then goes to the payment itself, whose new state is read
  // there, never to the page's body. Checked when the payment changes: its buttons come from it alone.
  const pressed = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const button = pressed.current;
    if (!button || button.isConnected) return;
    pressed.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || active === button || !active.isConnected) item.current?.focus();
  }, [tx]);
  return (
    <li className="tx" data-codoper={tx.codOper} tabIndex={-1} ref={item}>
      <div className="tx-head">
        <strong className="tx-op">{tx.codOper}</strong>
        <span className={`badge ${tx.outcome.toLowerCase()}`}>{t(`outcome.${tx.outcome}`)}</span>
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
              if (document.activeElement === e.currentTarget) pressed.current = e.currentTarget;
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
      {all.includes('refund') && <RefundForm store={store} tx={tx} />}
    </li>
  );
}

export function TransactionsPanel({ store }: { store: ConsoleStore }) {
  const { transactions, filters, links, setFilters, refreshTransactions } = useStoreState(store);
  return (
    <section aria-labelledby="panel-watch">
      <h2 id="panel-watch">{t('tabWatch')}</h2>
      <form className="filters" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={t('filterLink')} name="code" value={filters.code} onChange={(code) => void setFilters({ code })}>
          <option value="">{t('any')}</option>
          {links.map((l) => <option key={l.code} value={l.code}>{`${l.code} · ${l.description}`}</option>)}
        </SelectField>
        <SelectField label={t('filterMethod')} name="method" value={filters.method} onChange={(method) => void setFilters({ method })}>
          <option value="">{t('any')}</option>
          {METHODS.map((m) => <option key={m} value={m}>{t(`method.${m}`)}</option>)}
        </SelectField>
        <SelectField label={t('filterOutcome')} name="outcome" value={filters.outcome} onChange={(outcome) => void setFilters({ outcome: outcome as Outcome | '' })}>
          <option value="">{t('any')}</option>
          {OUTCOMES.map((o) => <option key={o} value={o}>{t(`outcome.${o}`)}</option>)}
        </SelectField>
        <button type="button" onClick={() => void refreshTransactions()}>{t('refresh')}</button>
      </form>
      <p className="count" aria-live="polite">{t('txCount', { count: transactions.length })}</p>
      {transactions.length === 0 ? <p>{t('noTransactions')}</p> : (
        <ul className="list">
          {transactions.map((tx) => <TransactionItem key={tx.codOper} store={store} tx={tx} />)}
        </ul>
      )}
    </section>
  );
}
