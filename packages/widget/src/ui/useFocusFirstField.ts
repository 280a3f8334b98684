import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a step change or a refusal the focus goes to the form's first field (STYLE "Focus and
 * announcements"), not left on a button that went away or to the page's body.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>, ...changes: unknown[]) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    form.current?.querySelector<HTMLInputElement>('input:not([type="hidden"]),select')?.focus();
  }, changes);
}
