import { useEffect, useMemo, useRef, useState } from 'react';
import { activatesSubscription, formatAmount, roundAmount, shopLogoOf, shopNameOf, totalWithTax, type PayerMessage, type PaymentMethodId } from '@pasarela/core';
import { hasText, t } from '../i18n/i18n';
import { METHOD_MODULES } from '../methods';
import { MethodChoice } from '../payments/MethodChoice';
import { MethodPanel } from '../payments/MethodPanel';
import { createPaymentContext, type ChallengeAnswer, type ExtrasToFix } from '../payments/paymentContext';
import { chosenMethodMemory } from '../services/tabMemory';
import { pendingFromAddress } from '../payments/pendingAddress';
import type { CheckoutActions, LoadedCheckout } from './checkoutStore';
import { MerchantHeader } from '../ui/MerchantHeader';
import { MessagePage } from '../ui/MessagePage';
import { PaymentSummary } from './PaymentSummary';
import type { DonationStore } from '../payments/donation/donationStore';
import { DonationContext, useDonationAmount } from '../payments/donation/useDonationAmount';
import { useServices } from '../services/services';
import { loadCheckoutSecurity, SecuritySlot } from '../security/loadCheckoutSecurity';
import { createCloseGuard } from '../embed/closeGuard';
import { CloseConfirmSlot } from '../embed/CloseConfirmSlot';
import { BeforePayContext } from '../payments/beforePay';
import { createPayerDetails } from '../payments/payerDetails';
import { useStoreState } from '../ui/useStoreState';
import { useLater } from '../ui/useLater';
import { PoliteNote } from '../ui/PoliteNote';

interface CheckoutScreenProps {
  data: LoadedCheckout;
  firstMethod?: PaymentMethodId | null | undefined;
  arrivalMessage: PayerMessage | null;
  /** The words saying a payment waiting elsewhere was called off before this form showed. */
  calledOff?: string | null | undefined;
  /** The card's payment at its challenge, as it stood when the page was made. */
  challengeAnswer?: ChallengeAnswer | null | undefined;
  /** A station's payer-typed amount: back to its step, offered while no payment is under way. */
  onChangeAmount?: (() => void) | undefined;
  /** The checkout store's server check when the link's countdown runs out: without it, no countdown. */
  endedLinkPage?: CheckoutActions['endedLinkPage'] | undefined;
}

export function CheckoutScreen({ data, firstMethod, arrivalMessage, calledOff = null, challengeAnswer = null, onChangeAmount, endedLinkPage }: CheckoutScreenProps) {
  const services = useServices();
  const { info, merchant, methods } = data;
  // SPEC 4 "Method filtering", through core's availability rules.
  // SPEC 4 "Paying with balance as a subscription activation is skipped."
  const offered = useMemo(
    () => METHOD_MODULES.filter((m) => m.isAvailable(methods) && (!data.subscription || activatesSubscription(m.id))),
    [methods, data.subscription],
  );
  const [locked, setLocked] = useState(false);
  // The order was paid by another payment while one waited here: its notice alone, no way to pay again.
  const [ended, setEnded] = useState(false);
  // The method last used on this link, apart from any attempt: a reload after a wait ended unpaid (a
  // Yappy request that lapsed) opens on it. Without storage a reload opens on the first, as it always did.
  const [chosenMemory] = useState(() => chosenMethodMemory(info.code));
  // The method an arrival message is about: the one asked for, else the one the payer was using before
  // a reload, else the first offered (card).
  const first = offered.find((m) => m.id === firstMethod)?.id ?? offered.find((m) => m.id === chosenMemory.get(services.storage.session))?.id ?? offered[0]?.id ?? null;
  // The donation choice shows once the form is up (its chunk is not needed to pay).
  const donationParts = useLater(data.campaign ? () => import('../payments/donation/donationParts') : null);
  const donation = useMemo(() => (donationParts && data.campaign ? donationParts.createDonationStore(data.campaign, merchant.currency) : null), [donationParts, data.campaign, merchant.currency]);
  const donationNow = useRef<DonationStore | null>(null);
  donationNow.current = donation;
  // SPEC 4 link expiry: the countdown, when the link has one, shows once the form is up.
  const expiry = useLater(info.expiresAt ? () => import('./LinkExpiry') : null);
  // SPEC 3 custom fields of the link and the merchant, sent by the card as customFieldValues.
  const [customFields] = useState(() => [...info.customFields, ...merchant.customFields]);
  const [customValues] = useState(() => (customFields.length > 0 && data.extras ? data.extras.createCustomFieldsStore(customFields) : null));
  // The captcha and fingerprint every method's payment carries (their own chunk).
  const [security] = useState(() => loadCheckoutSecurity(services, info.idMerchant));
  // Closing while a payment is pending asks first (embed/closeGuard).
  const [closeGuard] = useState(() => createCloseGuard((message) => services.bridge.notify(message)));
  useEffect(() => {
    services.bridge.guardClose?.(closeGuard.intercept);
    return () => services.bridge.guardClose?.(null);
  }, [services, closeGuard]);
  // A payment is under way: its request out or its wait held (the close guard's), the form locked on it, or it ended here.
  const paymentUnderWay = () => locked || ended || closeGuard.paymentsOut();
  // What the payer types in one method's form is offered in the others (switching method loses nothing).
  const [payerDetails] = useState(() => createPayerDetails({ email: info.email }));
  const [contexts] = useState(
    () => new Map(offered.map((m) => [m.id, createPaymentContext(m.id, data, services, {
      arrivalMessage: m.id === first ? arrivalMessage : null,
      challengeAnswer,
      setBusy: setLocked,
      setEnded,
      donation: data.campaign && m.id === 'card' ? () => donationNow.current?.getState().donation() ?? null : undefined,
      extrasToFix: data.campaign && m.id === 'card' ? () => donationToFix(donationNow.current) : undefined,
      customFieldValues: customValues && m.id === 'card' ? () => customValues.getState().collect() : undefined,
      security: () => security.then((s) => s.forPayment()),
      closeGuard,
      payerDetails,
    })])),
  );
  // A waiting payment the address names is followed again at once, unless this tab keeps one of its own.
  useState(() => {
    const remembered = pendingFromAddress(services.address());
    const payment = remembered ? contexts.get(remembered.method) : undefined;
    if (!remembered || !payment || offered.some((m) => contexts.get(m.id)?.memory().load())) return;
    payment.resumeFrom({ codOper: remembered.codOper, deadline: remembered.deadline });
  });
  // After a reload, a payment still waiting (a push sent, a voucher shown) is what the payer sees.
  const [chosen, setChosen] = useState<PaymentMethodId | null>(() => offered.find((m) => contexts.get(m.id)?.memory().load())?.id ?? first);
  // Panels once opened stay mounted (hidden), so switching back finds a payment where it was left.
  const [opened, setOpened] = useState<PaymentMethodId[]>(() => (chosen ? [chosen] : []));
  // What is charged includes the donation, which only the card carries.
  const donationAdded = useDonationAmount(chosen === 'card' ? donation : null);
  // A donation chosen on the card stays chosen, but another method cannot carry it: said, not dropped in silence.
  const donationChosen = useDonationAmount(donation);
  // A wallet user may pay with a saved card instead of the card form: the extras then stay above.
  const loggedIn = useStoreState(services.session).login !== null;

  useEffect(() => {
    document.title = `${t(chosen === 'card' ? 'card_form_title' : 'checkout_title')} · ${shopNameOf(merchant)}`;
  }, [merchant, chosen]);
  // The shop's page names the dialog and the frame with who is paid and how much (issue 96).
  const frameName = t('frame_name', { merchant: shopNameOf(merchant), amount: formatAmount(roundAmount(totalWithTax(info.amount, info.taxAmount) + donationAdded), services.lang, merchant.currency) });
  useEffect(() => {
    services.bridge.notify({ type: 'name', name: frameName });
  }, [services, frameName]);

  if (!chosen) return <MessagePage title={t('error_to_load')} message={{ key: 'service_unavailable' }} shop={{ name: shopNameOf(merchant), logo: shopLogoOf(merchant, '') }} returnUrl={info.returnUrlString} />;

  const choose = (id: PaymentMethodId) => {
    chosenMemory.set(services.storage.session, id);
    setChosen(id);
    setOpened((list) => (list.includes(id) ? list : [...list, id]));
  };

  // Between the fields and Pay, so a phone's first screen shows amount, method and card field (issue 21).
  const cardExtras =
    chosen === 'card' && ((customValues && data.extras) || (donation && data.campaign)) ? (
      <>
        {customValues && data.extras ? <data.extras.CustomFields fields={customFields} store={customValues} disabled={locked} /> : null}
        {donation && donationParts && data.campaign ? <donationParts.DonationChoice bridge={data.campaign} store={donation} lang={services.lang} currency={merchant.currency} disabled={locked} total={contexts.get('card')?.total ?? 0} /> : null}
      </>
    ) : null;
  const extrasBeforePay = !loggedIn;

  return (
    <main className="page page--checkout">
      <MerchantHeader name={shopNameOf(merchant)} logo={shopLogoOf(merchant, '')} />
      <PaymentSummary info={info} lang={services.lang} currency={merchant.currency} donation={donationAdded} />
      {/* Not while a payment's request is out or a payment waits: its answer would land on an amount step. */}
      {onChangeAmount && data.extras && !locked && !ended ? <data.extras.ChangeAmount onChange={() => paymentUnderWay() || onChangeAmount()} /> : null}
      {data.subscription && data.extras ? <data.extras.PlanSummary subscription={data.subscription} lang={services.lang} currency={merchant.currency} /> : null}
      {/* Until the countdown is in, its line is kept, so the form below does not move under the payer's finger. */}
      {/* Its end leads to the expired link's page only while no payment is under way (a request out, one
          waiting or ended here): never over a payment's answer or its wait. */}
      {expiry && endedLinkPage ? <expiry.LinkExpiry expiresAt={info.expiresAt} now={services.now} paymentUnderWay={paymentUnderWay} endedLinkPage={endedLinkPage} /> : info.expiresAt ? <p className="expiry" aria-hidden="true">{'\u00a0'}</p> : null}
      {ended ? null : <MethodChoice methods={offered} chosen={chosen} locked={locked} onChoose={choose} />}
      <PoliteNote className="note called-off-note" text={ended ? null : calledOff} />
      {chosen !== 'card' && donationChosen > 0 ? (
        <p className="note donation-note" role="status">
          {t('donation_card_only', { amount: formatAmount(donationChosen, services.lang, merchant.currency), method: hasText(`method_${chosen}`) ? t(`method_${chosen}`) : chosen })}
        </p>
      ) : null}
      {extrasBeforePay || ended ? null : cardExtras}
      <BeforePayContext.Provider value={extrasBeforePay && cardExtras ? <div className="pay-extras">{cardExtras}</div> : null}>
        <DonationContext.Provider value={donation}>
          {offered
            .filter((m) => opened.includes(m.id))
            .map((m) => {
              const payment = contexts.get(m.id);
              return payment ? <MethodPanel key={m.id} module={m} payment={payment} hidden={m.id !== chosen} /> : null;
            })}
        </DonationContext.Provider>
      </BeforePayContext.Provider>
      {/* Every method's captcha, below the method's form; gone while a payment is under way
          (sending, its wait, a voucher, a QR), kept (hidden) so its answer stays. */}
      <SecuritySlot security={security} disabled={locked || ended} hidden={locked || ended} />
      <CloseConfirmSlot guard={closeGuard} />
    </main>
  );
}

/** A donation the campaign refuses, said at its field before anything is sent. */
function donationToFix(donation: DonationStore | null): ExtrasToFix | null {
  const state = donation?.getState();
  return state && !state.checkBeforePay() ? { focus: state.focusAmount } : null;
}

