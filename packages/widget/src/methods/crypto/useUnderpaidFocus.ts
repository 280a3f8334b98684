import { useLayoutEffect, useRef, type RefObject } from 'react';

/** The focus on the body already, or on a coin or network select that the under-payment disables. */
function focusLeftBehind(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || active.closest('.crypto__form') !== null;
}

/**
 * The first coins received lock the coin and network (their selects disabled): a payer on one of them
 * would be dropped on the page's body, scrolled away from what is still owed. The focus goes to that
 * instead, and the status stays quiet for that one text, so the focus alone says it. Returns whether
 * the status is quiet now.
 */
export function useUnderpaidFocus(underpaid: boolean, status: string, target: RefObject<HTMLElement | null>): boolean {
  const seen = useRef(underpaid);
  const quietText = useRef<string | null>(null);
  // Read while rendering: once the selects are disabled the browser may already have moved the focus.
  if (underpaid !== seen.current) {
    seen.current = underpaid;
    quietText.current = underpaid && focusLeftBehind() ? status : null;
  }
  const takesFocus = quietText.current !== null;
  useLayoutEffect(() => {
    if (takesFocus) target.current?.focus();
  }, [takesFocus]);
  return quietText.current === status;
}
