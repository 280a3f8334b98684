import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL } from '@pasarela/core';
import type { MethodScreenProps } from '../../payments/methodModule';
import { loadReceipts } from '../../receipts/loadReceipts';
import { CardForm } from './CardForm';
import { createCardPay } from './pay';
import { checkPhone, preparePhoneRules } from '../../payments/phoneCheck';
import { createCardStore } from './store';
import { challengeAddress, saveChallenge, takeChallenge } from './threeDsReturn';

/** The card method: the form, paid by one auth-capture call per click; a 3DS challenge leaves and returns. */
export function CardScreen({ payment }: MethodScreenProps) {
  const { services, data, arrivalMessage: initialAlert } = payment;
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
      subscriptionKey: data.subscription?.subscriptionKey,
      donation: () => payment.donation(),
      customFieldValues: () => payment.customFieldValues(),
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
        payment.showReceipt(attempt.codOper);
      },
    });
  });

  useEffect(() => {
    if (initialAlert) store.setState({ alert: initialAlert });
  }, [store, initialAlert]);

  return (
    <CardForm
        store={store}
        total={payment.total}
        lang={services.lang}
        acceptedBrands={methods.cardBrands}
        preparePhone={() => void preparePhoneRules().catch(() => undefined)}
      />
  );
}
