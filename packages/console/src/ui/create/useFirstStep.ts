import { useRef } from 'react';

/**
 * A save made of two calls (a plan, then its subscription; a campaign, then its link): what the first
 * made is kept while the form asks the same, so a retry after the second failed does not make it
 * twice. `make` runs the first call, or gives what it made; `forget` after the whole save succeeded.
 */
export function useFirstStep<T>() {
  const kept = useRef<{ asked: string; made: T } | null>(null);
  const make = async (asked: unknown, call: () => Promise<T>): Promise<T> => {
    const key = JSON.stringify(asked);
    if (kept.current?.asked === key) return kept.current.made;
    const made = await call();
    kept.current = { asked: key, made };
    return made;
  };
  const forget = () => {
    kept.current = null;
  };
  return { make, forget };
}
