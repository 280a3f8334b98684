import { useState } from 'react';
import type { CatalogKey } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { BusyButton } from '../ui/BusyButton';
import { walletMessageKey } from './walletMessage';

/** The sandbox's try limit counts across codes, so this resets nothing. */
export function ResendCode({ send, disabled }: { send: () => Promise<void>; disabled: boolean }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | CatalogKey>('idle');
  const resend = async () => {
    setState('sending');
    try {
      await send();
      setState('sent');
    } catch (error) {
      // The server's reason (too many e-mails to this address, say), never a vague "try again".
      setState(walletMessageKey(error));
    }
  };
  return (
    <>
      <BusyButton type="button" className="button button--link" busy={disabled || state === 'sending'} onClick={() => void resend()}>
        {t('resend_code')}
      </BusyButton>
      <p className="page__hint" aria-live="polite">
        {state === 'sent' ? t('code_resent') : state === 'idle' || state === 'sending' ? '' : t(state)}
      </p>
    </>
  );
}
