import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n';

const COPIED_SHOWN_MS = 2_000;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Each press's words are new ones in the region (keyed by the press), so a second "Copiado" is said too.
  const [press, setPress] = useState(0);
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state, press]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the value is on screen to copy by hand.
      setState('failed');
    }
    setPress((n) => n + 1);
  };
  return (
    <span className="copy">
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy__status" aria-live="polite">
        {state === 'idle' ? null : <span key={press}>{t(state === 'copied' ? 'crypto_copied' : 'copy_failed')}</span>}
      </span>
    </span>
  );
}
