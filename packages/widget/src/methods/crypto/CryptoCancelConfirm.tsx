import { useEffect, useRef } from 'react';
import { cryptoAmountText, cryptoRefundOnCancel } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import type { CryptoAnswer } from './api';
import { BusyButton } from '../../ui/BusyButton';

interface CryptoCancelConfirmProps {
  quote: CryptoAnswer;
  cancelling: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}

/** Keeping on paying is the first choice; Escape keeps paying too. */
export function CryptoCancelConfirm({ quote, cancelling, onConfirm, onKeep }: CryptoCancelConfirmProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // The question and both answers on screen: focusing the title alone scrolled it to the top and
    // left the answers below a phone's fold.
    heading.current?.focus({ preventScroll: true });
    section.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const refund = cryptoRefundOnCancel({ currency: quote.currency, network: quote.network, paidCrypto: quote.paidCrypto, senderAddress: quote.senderAddress });
  const networkName = quote.cryptoNetwork.find((n) => n.network === quote.network)?.name ?? quote.network;
  const paid = cryptoAmountText(refund?.amount ?? quote.paidCrypto);
  return (
    <section
      ref={section}
      className="crypto__confirm"
      role="alertdialog"
      aria-labelledby="crypto-cancel-title"
      aria-describedby="crypto-cancel-text"
      onKeyDown={(e) => {
        // A dialog holds the focus until it is answered: Tab goes round its two answers.
        if (e.key === 'Tab') {
          const answers = [...(section.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
          const first = answers[0];
          const last = answers[answers.length - 1];
          const at = document.activeElement;
          const leaving = e.shiftKey ? at === first || at === heading.current : at === last;
          if (first && last && leaving) {
            e.preventDefault();
            (e.shiftKey ? last : first).focus();
          }
          return;
        }
        if (e.key !== 'Escape') return;
        // Escape answers the question only: the checkout's own Escape (main.tsx) would ask to close it too.
        e.preventDefault();
        e.stopPropagation();
        if (!cancelling) onKeep();
      }}
    >
      <h3 id="crypto-cancel-title" className="crypto__confirm-title" tabIndex={-1} ref={heading}>
        {t('crypto_cancel_confirm_title')}
      </h3>
      <p id="crypto-cancel-text" className="crypto__confirm-text">
        {t('crypto_cancel_confirm_text', { paid, amount: cryptoAmountText(quote.amountCrypto), currency: quote.currency, network: networkName })}
      </p>
      {refund?.to ? <p className="crypto__value crypto__address">{refund.to}</p> : null}
      <div className="crypto__confirm-actions">
        <BusyButton type="button" className="button button--primary" onClick={onKeep} busy={cancelling}>
          {t('crypto_cancel_keep')}
        </BusyButton>
        <BusyButton type="button" className="button button--secondary crypto__confirm-cancel" onClick={onConfirm} busy={cancelling} aria-busy={cancelling}>
          {t('crypto_cancel_confirm')}
        </BusyButton>
      </div>
    </section>
  );
}
