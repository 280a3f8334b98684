import { useEffect, useRef } from 'react';
import { cryptoAmountText } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import type { CryptoAnswer } from './api';

export function CryptoRefundScreen({ cancelled, onClose }: { cancelled: CryptoAnswer; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!cancelled.refund) return null;
  return (
    <section className="crypto__refund" role="status" aria-labelledby="crypto-refund-title">
      <h3 id="crypto-refund-title" className="crypto__refund-title" tabIndex={-1} ref={heading}>
        {t('crypto_refund_title')}
      </h3>
      <CryptoRefundOwed payment={cancelled} />
      <p className="crypto__refund-note">{t('crypto_refund_note', { codOper: cancelled.codOper })}</p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('crypto_pay_again')}
      </button>
    </section>
  );
}

/** The coins that arrived and go back: how many, over which network, to which address. */
export function CryptoRefundOwed({ payment }: { payment: CryptoAnswer }) {
  const refund = payment.refund;
  if (!refund) return null;
  const networkName = payment.cryptoNetwork.find((n) => n.network === refund.network)?.name ?? refund.network;
  const amount = cryptoAmountText(refund.amount);
  return (
    <>
      <p className="crypto__refund-text">{t('crypto_refund_text', { amount, coin: refund.coin, network: networkName })}</p>
      {refund.to ? <p className="crypto__value crypto__address">{refund.to}</p> : null}
    </>
  );
}
