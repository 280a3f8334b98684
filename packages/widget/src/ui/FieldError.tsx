import { useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * A field's error line, always present so a message appearing in it can be announced. `live`: yes for
 * the field the payer just left. Not for the errors a submit shows (the card form's after Pay, and
 * every error of a form that checks only on submit): the focus goes to the first invalid field, which
 * reads its own (`aria-describedby`), instead of one "Campo requerido" read out per field; a field
 * that already had the focus (Enter pressed in it) gets none, so its own line speaks (`inPlace`).
 */
export function FieldError({ id, error, live, inPlace }: { id: string; error: string | undefined; live: boolean; inPlace: boolean }) {
  return (
    <p id={id} className="field__error" aria-live={live || inPlace ? 'polite' : 'off'}>
      {error ?? ''}
    </p>
  );
}

/**
 * Whether the field has had the focus since before the latest render: a submit's focus moving in
 * turns its line live only after the message it came with is shown (the focus reads that one).
 */
export function useFocusHeld<E extends HTMLElement>(handlers: { onFocus?: ((event: FocusEvent<E>) => void) | undefined; onBlur?: ((event: FocusEvent<E>) => void) | undefined }) {
  const [inPlace, setInPlace] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    inPlace,
    onFocus: (event: FocusEvent<E>) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(setInPlace, 0, true);
      handlers.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<E>) => {
      clearTimeout(timer.current);
      setInPlace(false);
      handlers.onBlur?.(event);
    },
  };
}
