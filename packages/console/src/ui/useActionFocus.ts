import { useEffect, useRef, type RefObject } from 'react';
import type { Transaction } from '../api/schemas';
import { rowAfterAction } from '../logic/rowAfterAction';

/**
 * Keeps the focus of a payment's control used from the keyboard: a settle button, or the refund
 * form (its button, or its field on Enter). Its call done, the payment may lose that control (no
 * longer pending, nothing left to refund), and its row may leave the list (a filter it no longer
 * matches): the focus goes to the payment, where its new state is read, or to the payment now in its
 * place, or to the list's heading when none is left; never to the page's body. Returns what a
 * control calls as it is used, with itself (a button, a form) and its payment.
 */
export function useActionFocus(transactions: readonly Transaction[], list: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>) {
  const pressed = useRef<{ focused: Element; codOper: string } | null>(null);
  const shown = useRef<string[]>([]);
  // The controls come from the payments alone: only a new list can have removed one.
  useEffect(() => {
    const before = shown.current;
    const after = transactions.map((tx) => tx.codOper);
    shown.current = after;
    const acted = pressed.current;
    if (!acted || acted.focused.isConnected) return;
    pressed.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== acted.focused && active.isConnected) return;
    const codOper = rowAfterAction(before, after, acted.codOper);
    const row = [...(list.current?.children ?? [])].find((item) => item instanceof HTMLElement && item.dataset['codoper'] === codOper);
    (row instanceof HTMLElement ? row : heading.current)?.focus();
  }, [transactions]);
  return (control: HTMLElement, codOper: string) => {
    const focused = document.activeElement;
    if (focused && control.contains(focused)) pressed.current = { focused, codOper };
  };
}
