import { useId, useState } from 'react';
import { moneyText, t } from '../i18n/i18n';
import type { Transaction } from '../api/schemas';
import { pendingRefundAmount, refundAmountOf, remainingToRefund, type RefundAmountError } from '../logic/refundAmount';
import type { ConsoleStore } from '../store/consoleStore';
import { useStoreState } from './useStoreState';

/** A refund of a payment: an amount (empty: all that remains), checked before it is sent. */
export function RefundForm({ store, tx }: { store: ConsoleStore; tx: Transaction }) {
  const { busy, settle } = useStoreState(store);
  const [text, setText] = useState('');
  const [error, setError] = useState<RefundAmountError | null>(null);
  const id = useId();
  const currency = tx.currency ?? 'USD';
  const money = (amount: number) => moneyText(amount, currency);
  const remaining = money(remainingToRefund(tx));
  const pending = pendingRefundAmount(tx);
  const submit = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    // What the field holds now, even when Enter follows the last key before a render.
    const field = event.currentTarget.elements.namedItem('refundAmount');
    const asked = refundAmountOf(field instanceof HTMLInputElement ? field.value : text, tx);
    if ('error' in asked) {
      // Refused for its amount: the focus goes to the field to fix, marked invalid beside its alert.
      if (field instanceof HTMLInputElement) field.focus();
      return setError(asked.error);
    }
    setError(null);
    setText('');
    void settle(tx, 'refund', asked.amount);
  };
  return (
    <form className="refund" aria-label={t('refundForm', { codOper: tx.codOper })} onSubmit={submit} noValidate>
      <div className="refund__row">
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('refundAmount', { currency })}</label>
          <input
            id={`${id}-amount`} name="refundAmount" type="text" inputMode="decimal" autoComplete="off" value={text}
            aria-invalid={error ? 'true' : 'false'} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
        </div>
        <button type="submit" aria-disabled={Boolean(busy[`${tx.codOper}:refund`])}>{t('action.refund')}</button>
      </div>
      <p className="hint" id={`${id}-hint`}>
        {t('refundAmountHint', { amount: remaining })}
        {pending > 0 && <>. {t('refundPendingHint', { amount: money(pending) })}</>}
      </p>
      {error && <p className="field-error" id={`${id}-error`} role="alert">{t(error, { amount: remaining })}</p>}
    </form>
  );
}
