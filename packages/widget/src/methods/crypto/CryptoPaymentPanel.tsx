import { useEffect, useMemo, useRef } from 'react';
import { cryptoAmountText, formatAmount, rateFrozenRemainingMs, CRYPTO_RATE_FROZEN_MS, type Language } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { CopyButton } from '../../payments/CopyButton';
import { Countdown } from '../../payments/Countdown';
import { QrCode } from '../../payments/QrCode';
import type { CryptoAnswer } from './api';
import { amountOwed } from './quote';
import { useUnderpaidFocus } from './useUnderpaidFocus';

interface CryptoPaymentPanelProps {
  quote: CryptoAnswer;
  requoted: boolean;
  lang: Language;
  serverNow: () => number;
  onRateExpired: () => void;
}

/** Not aria-busy: this is what the payer reads and copies. */
export function CryptoPaymentPanel({ quote, requoted, lang, serverNow, onRateExpired }: CryptoPaymentPanelProps) {
  const panel = useRef<HTMLDivElement>(null);
  // The button that asked for this payment is gone: the payer lands on what to do next.
  useEffect(() => panel.current?.focus(), []);
  const { currency } = quote;
  const owed = amountOwed(quote);
  const amount = cryptoAmountText(owed ?? quote.amountCrypto);
  const networkName = quote.cryptoNetwork.find((n) => n.network === quote.network)?.name ?? quote.network;
  const status =
    owed !== null
      ? t('crypto_underpaid', { paid: cryptoAmountText(quote.paidCrypto), owed: amount, currency })
      : t(requoted ? 'crypto_rate_updated' : 'crypto_amount_to_send', { amount, currency });
  const quiet = useUnderpaidFocus(owed !== null, status, panel);
  // Never later than now (the clock estimate may lag half a second), so it never shows more than 10 minutes.
  const rateExpiresAt = useMemo(() => {
    const now = serverNow();
    return now + rateFrozenRemainingMs(Math.min(Date.parse(quote.rateExpiresAt) - CRYPTO_RATE_FROZEN_MS, now), now);
  }, [quote.rateExpiresAt, serverNow]);

  return (
    <div className="waiting crypto__payment" ref={panel} tabIndex={-1} role="group" aria-labelledby="crypto-status">
      <p id="crypto-status" className="waiting__status" role="status" aria-live={quiet ? 'off' : 'polite'}>
        {status}
      </p>
      {Number.isNaN(rateExpiresAt) ? null : (
        <Countdown deadline={rateExpiresAt} serverNow={serverNow} labelKey="crypto_rate_frozen" onExpire={onRateExpired} />
      )}
      <QrCode value={quote.address} label={t('crypto_qr_image', { currency, network: networkName })} />
      <dl className="crypto__details">
        <div className="crypto__detail">
          <dt>{t(owed !== null ? 'crypto_owed_label' : 'crypto_amount_label')}</dt>
          <dd>
            <span className="crypto__value">
              {amount} {currency}
            </span>
            <CopyButton value={amount} label={t('crypto_copy_amount')} />
          </dd>
        </div>
        <div className="crypto__detail">
          <dt>{t('crypto_address_label')}</dt>
          <dd>
            <span className="crypto__value crypto__address">{quote.address}</span>
            <CopyButton value={quote.address} label={t('crypto_copy_address')} />
          </dd>
        </div>
        <div className="crypto__detail">
          <dt>{t('crypto_network_label')}</dt>
          <dd>{networkName}</dd>
        </div>
        <div className="crypto__detail">
          <dt>{t('crypto_rate_label')}</dt>
          <dd>{t('crypto_rate_value', { currency, amount: formatAmount(quote.rate, lang) })}</dd>
        </div>
      </dl>
      <p className="waiting__hint">
        <span className="waiting__spinner crypto__spinner" aria-hidden="true" />
        {t('crypto_waiting')}
      </p>
    </div>
  );
}
