import { useEffect, useMemo, useState } from 'react';
import type { PayerMessage, PaymentMethodId } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { METHOD_MODULES } from '../methods';
import { MethodChoice } from '../payments/MethodChoice';
import { MethodPanel } from '../payments/MethodPanel';
import { createPaymentContext, methodWithSavedAttempt } from '../payments/paymentContext';
import type { CheckoutData } from './checkoutStore';
import { LinkExpiry } from './LinkExpiry';
import { MerchantHeader } from './MerchantHeader';
import { MessagePage } from './MessagePage';
import { PaymentSummary } from './PaymentSummary';
import { useServices } from './services';

interface CheckoutScreenProps {
  data: CheckoutData;
  /** The method to show first (an entry such as /pf/widget/crypto, or the one the payer came back to). */
  firstMethod?: PaymentMethodId | null | undefined;
  arrivalMessage: PayerMessage | null;
}

/** The checkout: merchant, what is paid, the method choice and the chosen method's screen. */
export function CheckoutScreen({ data, firstMethod, arrivalMessage }: CheckoutScreenProps) {
  const services = useServices();
  const { info, merchant, methods } = data;
  // SPEC 4 "Method filtering", through core's availability rules.
  const offered = useMemo(() => METHOD_MODULES.filter((m) => m.isAvailable(methods)), [methods]);
  // A payment left waiting (a Nequi push, a cash voucher) is where a reload comes back to.
  const [chosen, setChosen] = useState<PaymentMethodId | null>(
    () =>
      methodWithSavedAttempt(offered.map((m) => m.id), info.code, services.storage.session) ??
      offered.find((m) => m.id === firstMethod)?.id ??
      offered[0]?.id ??
      null,
  );
  // Panels once opened stay mounted (hidden), so switching back finds a payment where it was left.
  const [opened, setOpened] = useState<PaymentMethodId[]>(() => (chosen ? [chosen] : []));
  const [locked, setLocked] = useState(false);
  const [contexts] = useState(
    () => new Map(offered.map((m) => [m.id, createPaymentContext(m.id, data, services, { arrivalMessage: m.id === chosen ? arrivalMessage : null, setBusy: setLocked })])),
  );

  useEffect(() => {
    document.title = `${t(chosen === 'card' ? 'card_form_title' : 'checkout_title')} · ${merchant.merchantName}`;
  }, [merchant.merchantName, chosen]);

  if (!chosen) return <MessagePage title={t('error_to_load')} message={{ key: 'service_unavailable' }} />;

  const choose = (id: PaymentMethodId) => {
    setChosen(id);
    setOpened((list) => (list.includes(id) ? list : [...list, id]));
  };

  return (
    <main className="page page--checkout">
      <MerchantHeader name={merchant.merchantName} logo={merchant.logo} />
      <PaymentSummary info={info} lang={services.lang} />
      <LinkExpiry expiresAt={info.expiresAt} now={services.now} />
      {offered.length > 1 ? <MethodChoice methods={offered} chosen={chosen} locked={locked} onChoose={choose} /> : null}
      {offered
        .filter((m) => opened.includes(m.id))
        .map((m) => {
          const payment = contexts.get(m.id);
          return payment ? <MethodPanel key={m.id} module={m} payment={payment} hidden={m.id !== chosen} /> : null;
        })}
    </main>
  );
}
