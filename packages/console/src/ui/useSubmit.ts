import { useRef, useState } from 'react';

/**
 * A form's call: one at a time (a double click sends one request, the ref stopping a second before
 * the render that marks the button), its error as text, its result. The button says `busy` with
 * aria-disabled, never disabled: a disabled button drops the focus to the page's body.
 */
export function useSubmit<R>(work: () => Promise<R>) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      setResult(await work());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, error, result, submit };
}
