import { useId } from 'react';
import { t } from '../i18n/i18n';
import type { CheckoutTarget } from '../logic/snippets';
import { CopyButton } from './CopyButton';

/**
 * A created thing's checkout URL and embed snippet, each with a copy button. Its title alone is a
 * status, heard as it appears (unless `announce` is false: a result within another's); the URL and
 * the snippet are there to read, never read aloud unasked. The focus stays where it was, on the
 * form's button, and the result comes next in the tab order.
 */
export function CheckoutResult({ title, target, announce = true }: { title: string; target: CheckoutTarget; announce?: boolean }) {
  const id = useId();
  return (
    <div className="result">
      <p className="result-title" role={announce ? 'status' : undefined}>{title}</p>
      <p className="label" id={`${id}-url`}>{t('checkoutUrl')}</p>
      <p className="url-line">
        <a href={target.url} target="_blank" rel="noopener" aria-describedby={`${id}-url`}>{target.url}</a>
        <CopyButton text={target.url} what={t('checkoutUrl')} />
      </p>
      <p className="label" id={`${id}-snippet`}>{t('embedSnippet')}</p>
      <pre aria-labelledby={`${id}-snippet`} tabIndex={0}><code>{target.snippet}</code></pre>
      <CopyButton text={target.snippet} what={t('embedSnippet')} />
    </div>
  );
}

/** A form's refused save, heard as it appears; it takes the focus when it names no field of the form (useSubmit). */
export function FormError({ error, id }: { error: string | null; id: string }) {
  return error ? <p className="error" role="alert" id={id} tabIndex={-1}>{t('error', { message: error })}</p> : null;
}
