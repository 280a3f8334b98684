import { useRef, useState } from 'react';

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

/** A form's call: one at a time (useOneAtATime), its error as text, its result. */
export function useSubmit<R>(work: () => Promise<R>) {
  const { busy, run } = useOneAtATime();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    return run(async () => {
      // A result or an error of an earlier submit never stands beside this one's.
      setError(null);
      setResult(null);
      try {
        setResult(await work());
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
      }
    });
  };
  return { busy, error, result, submit };
}
