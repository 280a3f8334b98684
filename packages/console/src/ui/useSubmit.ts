import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from './create/FieldError';
import { failureText } from './failureText';

/**
 * A button's call, one at a time: a second click while one runs does nothing, the ref stopping it
 * before the render that marks the button. The button says `busy` with aria-disabled, never
 * disabled: a disabled button drops the focus to the page's body.
 */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * A refused save: what refused it (worded when shown, in the language on screen then: failureText),
 * and the form's field it is about, when one is named.
 */
interface Failure {
  error: unknown;
  field: string | null;
}

/**
 * The form's control a refusal is about: the one a form's own check named, or the one whose name the
 * server's message, as sent, holds as a word ("stationId must be 3-40 letters..."); null when it names none.
 */
function controlOf(form: HTMLFormElement, failure: Failure): HTMLElement | null {
  const controls = [...form.elements].filter((el): el is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
    (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) && el.name !== '');
  if (failure.field !== null) return controls.find((el) => el.name === failure.field) ?? null;
  const words = new Set(String(failure.error instanceof Error ? failure.error.message : failure.error).split(/[^A-Za-z0-9_]+/));
  return controls.find((el) => words.has(el.name)) ?? null;
}

/**
 * A form's call: one at a time (useOneAtATime), its error as text in the language on screen, its result. A refused save (by the
 * form's own check or by the server) takes the focus where the fix is (GOV.UK's error summary): to
 * the field it is about, marked invalid and described by the error; else to the error itself
 * (`errorId`, FormError). The error is an alert, so it is heard either way.
 */
export function useSubmit<R>(work: () => Promise<R>) {
  const { busy, run } = useOneAtATime();
  const errorId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const form = useRef<HTMLFormElement | null>(null);
  const marked = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!failure || !form.current) return;
    const control = controlOf(form.current, failure);
    if (control) {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', errorId);
      marked.current = control;
      control.focus();
    } else {
      document.getElementById(errorId)?.focus();
    }
  }, [failure]);
  const submit = (event: { preventDefault(): void; currentTarget: EventTarget | null }) => {
    event.preventDefault();
    if (event.currentTarget instanceof HTMLFormElement) form.current = event.currentTarget;
    return run(async () => {
      // A result or an error of an earlier submit never stands beside this one's.
      setFailure(null);
      setResult(null);
      marked.current?.removeAttribute('aria-invalid');
      marked.current?.removeAttribute('aria-describedby');
      marked.current = null;
      try {
        setResult(await work());
      } catch (e) {
        setFailure({ error: e, field: e instanceof FieldError ? e.field : null });
      }
    });
  };
  return { busy, error: failure ? failureText(failure.error) : null, errorId, result, submit };
}
