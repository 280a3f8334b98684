import { useState } from 'react';
import { t } from '../i18n/i18n';

/** Copies text to the clipboard; says so for a moment (to screen readers too). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
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
    <button type="button" className="copy" onClick={() => void copy()} aria-label={label ?? t('copy')}>
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
