import { useState } from 'react';
import { t } from '../i18n/i18n';
import { BusyButton } from '../ui/BusyButton';

/** The sandbox's try limit counts across codes, so this resets nothing. */
export function ResendCode({ send, disabled }: { send: () => Promise<void>; disabled: boolean }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await send();
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <BusyButton type="button" className="button button--link" busy={disabled || state === 'sending'} onClick={() => void resend()}>
        {t('resend_code')}
      </BusyButton>
      <p className="page__hint" aria-live="polite">
        {state === 'sent' ? t('code_resent') : state === 'failed' ? t('happen_error_try_again') : ''}
      </p>
    </>
  );
}
