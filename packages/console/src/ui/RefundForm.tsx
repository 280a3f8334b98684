import { useId, useState } from 'react';
import { moneyText, t } from '../i18n/i18n';
import type { Transaction } from '../api/schemas';
import { pendingRefundAmount, refundAmountOf, remainingToRefund, type RefundAmountError } from '../logic/refundAmount';
import type { ConsoleStore } from '../store/consoleStore';
import { useStoreState } from './useStoreState';
import { failureText } from './failureText';

/**
 * A refund of a payment: an amount (empty: all that remains), checked before it is sent. `onPress`
 * hears the form as it sends (useActionFocus): a refund of all that remains takes the form away.
 */
export function RefundForm({ store, tx, onPress }: { store: ConsoleStore; tx: Transaction; onPress(control: HTMLElement, codOper: string): void }) {
  const { busy, settle } = useStoreState(store);
  const [text, setText] = useState('');
  // The form's own refusal (a text key) or the server's, each worded at each render (failureText).
  const [error, setError] = useState<{ key: RefundAmountError } | { said: unknown } | null>(null);
  const id = useId();
  const currency = tx.currency ?? 'USD';
  const money = (amount: number) => moneyText(amount, currency);
  const remaining = money(remainingToRefund(tx));
  const pending = pendingRefundAmount(tx);
  const submit = async (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const form = event.currentTarget;
    // What the field holds now, even when Enter follows the last key before a render.
    const field = form.elements.namedItem('refundAmount');
    const input = field instanceof HTMLInputElement ? field : null;
    // Refused for its amount, here or by the server: the focus goes to the field to fix, marked
    // invalid and described by its alert (the server's refusal is not the notice too).
    const refuse = (refusal: NonNullable<typeof error>) => {
      const active = document.activeElement;
      if (!active || active === document.body || form.contains(active)) input?.focus();
      setError(refusal);
    };
    const asked = refundAmountOf(input ? input.value : text, tx);
    if ('error' in asked) return refuse({ key: asked.error });
    setError(null);
    onPress(form, tx.codOper);
    const refused = await settle(tx, 'refund', asked.amount);
    // Kept when refused, to be fixed; the list has been read again, so what remains is the server's.
    if (refused) refuse({ said: refused.amountRefused });
    else setText('');
  };
  return (
    <form className="refund" aria-label={t('refundForm', { codOper: tx.codOper })} onSubmit={(event) => void submit(event)} noValidate>
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
      {error && <p className="field-error" id={`${id}-error`} role="alert">{'said' in error ? failureText(error.said) : t(error.key, { amount: remaining })}</p>}
    </form>
  );
}
