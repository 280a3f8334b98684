import { useEffect, useState } from 'react';
import { t } from '../i18n/i18n';

const COPIED_SHOWN_MS = 2_000;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard (an insecure page, a refused permission): the value is on screen to copy by hand.
      setState('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        {label}
      </button>
      <span className="copy__status" aria-live="polite">
        {state === 'copied' ? t('crypto_copied') : state === 'failed' ? t('copy_failed') : ''}
      </span>
    </span>
  );
}
