import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL, totalWithTax, type PayerMessage } from '@pasarela/core';
import type { CheckoutData } from '../../app/checkoutStore';
import { LinkExpiry } from '../../app/LinkExpiry';
import { MerchantHeader } from '../../app/MerchantHeader';
import { RECEIPT_PATH } from '../../app/route';
import { clearSession } from '../../app/session';
import { useServices } from '../../app/services';
import { t } from '../../i18n/i18n';
import { loadReceipts } from '../../receipts/loadReceipts';
import { CardForm } from './CardForm';
import { createCardPay } from './pay';
import { PaymentSummary } from './PaymentSummary';
import { checkPhone, preparePhoneRules } from './phoneCheck';
import { createCardStore } from './store';
import { challengeAddress, saveChallenge, takeChallenge } from './threeDsReturn';

interface CardScreenProps {
  data: CheckoutData;
  /** A message to show above the form on arrival (a failed 3DS challenge). */
  initialAlert?: PayerMessage | null | undefined;
}

/** The card checkout: merchant, what is paid, and the form. */
export function CardScreen({ data, initialAlert }: CardScreenProps) {
  const services = useServices();
  const { info, merchant, methods } = data;
  const [store] = useState(() => {
    const domainRequested = services.bridge.embedded ? (new URLSearchParams(location.search).get('parentOrigin') ?? location.origin) : location.origin;
    const pay = createCardPay({
      api: services.api,
      info,
      merchant,
      lang: services.lang,
      domainRequested,
      notify: (message) => services.bridge.notify(message),
      now: services.now,
      onAttempt: () => {
        takeChallenge(services.storage.session);
        // Fetch the receipt screens while the payment is under way.
        void loadReceipts().catch(() => undefined);
      },
      beforeChallenge: (values) =>
        saveChallenge(services.storage.session, {
          formPath: location.pathname + location.search,
          email: values.email.trim(),
          returnUrl: info.returnUrlString,
        }),
    });
    return createCardStore({
      now: services.now,
      acceptedBrands: methods.cardBrands,
      supportEmail: SUPPORT_EMAIL,
      checkPhone,
      pay,
      newTrackId: services.newTrackId,
      initial: { email: info.email },
      onDone: (attempt) => {
        if (attempt.kind === 'redirect') return services.leave(challengeAddress(attempt.url, attempt.codOper, new URL(location.href)));
        // SPEC 3 "On success in the widget the stored session is cleared."
        clearSession(services.storage.local);
        services.navigate(RECEIPT_PATH + encodeURIComponent(attempt.codOper));
      },
    });
  });

  useEffect(() => {
    document.title = `${t('card_form_title')} · ${merchant.merchantName}`;
  }, [merchant.merchantName]);

  useEffect(() => {
    if (initialAlert) store.setState({ alert: initialAlert });
  }, [store, initialAlert]);

  return (
    <main className="page page--checkout">
      <MerchantHeader name={merchant.merchantName} logo={merchant.logo} />
      <PaymentSummary info={info} lang={services.lang} />
      <LinkExpiry expiresAt={info.expiresAt} now={services.now} />
      <CardForm
        store={store}
        total={totalWithTax(info.amount, info.taxAmount)}
        lang={services.lang}
        acceptedBrands={methods.cardBrands}
        preparePhone={() => void preparePhoneRules().catch(() => undefined)}
      />
    </main>
  );
}
