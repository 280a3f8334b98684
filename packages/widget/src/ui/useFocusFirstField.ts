import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a step change or a refusal the focus goes to the form's first field to fix (the first
 * marked invalid), else its first field (STYLE "Focus and announcements"), not left on a button
 * that went away or to the page's body. It runs after the render that marks the fields.
 */
export function useFocusFirstField(form: RefObject<HTMLFormElement | null>, ...changes: unknown[]) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const within = form.current;
    (within?.querySelector<HTMLInputElement>('[aria-invalid="true"]') ?? within?.querySelector<HTMLInputElement>('input:not([type="hidden"]),select'))?.focus();
  }, changes);
}
