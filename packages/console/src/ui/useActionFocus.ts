import { useEffect, useRef, type RefObject } from 'react';
import type { Transaction } from '../api/schemas';
import { rowAfterAction } from '../logic/rowAfterAction';

/**
 * Keeps the focus of a settle button pressed from the keyboard. Settled, the payment may lose that
 * button (it is no longer pending), and its row may leave the list (a filter it no longer matches):
 * the focus goes to the payment, where its new state is read, or to the payment now in its place, or
 * to the list's heading when none is left; never to the page's body. Returns what a settle button
 * calls as it is pressed.
 */
export function useActionFocus(transactions: readonly Transaction[], list: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>) {
  const pressed = useRef<{ button: HTMLButtonElement; codOper: string } | null>(null);
  const shown = useRef<string[]>([]);
  // The buttons come from the payments alone: only a new list can have removed one.
  useEffect(() => {
    const before = shown.current;
    const after = transactions.map((tx) => tx.codOper);
    shown.current = after;
    const settled = pressed.current;
    if (!settled || settled.button.isConnected) return;
    pressed.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && active !== settled.button && active.isConnected) return;
    const codOper = rowAfterAction(before, after, settled.codOper);
    const row = [...(list.current?.children ?? [])].find((item) => item instanceof HTMLElement && item.dataset['codoper'] === codOper);
    (row instanceof HTMLElement ? row : heading.current)?.focus();
  }, [transactions]);
  return (button: HTMLButtonElement, codOper: string) => {
    if (document.activeElement === button) pressed.current = { button, codOper };
  };
}
