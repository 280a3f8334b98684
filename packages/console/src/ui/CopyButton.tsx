import { useState } from 'react';
import { t } from '../i18n/i18n';

/**
 * Copies text to the clipboard and says so for a moment. What is copied (`what`) is read out after
 * the visible word, so the button's name starts with the text a voice-control user sees.
 */
export function CopyButton({ text, what }: { text: string; what?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard permission (plain http on another host): the text stays selectable.
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <>
      <button type="button" className="copy" onClick={() => void copy()}>
        {t('copy')}{what && <span className="sr-only"> {what}</span>}
      </button>
      <span className="sr-only" aria-live="polite">{copied ? t('copied') : ''}</span>
    </>
  );
}
