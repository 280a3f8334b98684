import { useEffect, useMemo, useState } from 'react';
import { useStoreState } from '../ui/useStoreState';
import { PasarelaError, PAYMENT_METHOD_IDS, buildPaymentResult, payerMessage, shopLogoOf, shopNameOf, totalWithTax, type PayerMessage, type PaymentMethodId } from '@pasarela/core';
import { takeChallenge } from '../payments/challengeReturn';
import { t } from '../i18n/i18n';
import type { CheckoutStore } from './checkoutStore';
import { CheckoutScreen } from './CheckoutScreen';
import { PaymentSummary } from './PaymentSummary';
import { MessagePage } from '../ui/MessagePage';
import { LinkShopMessage } from '../ui/LinkShopMessage';
import { useServices } from '../services/services';
import type { Elsewhere } from '../payments/loadWaitingElsewhere';
import { PAID_ELSEWHERE } from '../payments/paidElsewhere';
import type { ChallengeAnswer } from '../payments/paymentContext';
import { LoadingPage } from '../ui/Loading';
import { useLaterStyles } from '../ui/useLaterStyles';
import { rememberShopReferrer } from '../services/shopReferrer';
import { checkoutFailure, leaveForEndedLink } from '../payments/linkEndedPath';

/** Only catalogue codes, never free text. */
function arrival(params: URLSearchParams): { message: PayerMessage; method: PaymentMethodId | null } | null {
  const code = params.get('error');
  if (!code) return null;
  const method = params.get('method');
  return {
    message: payerMessage(new PasarelaError({ code, category: 'api' })),
    method: (PAYMENT_METHOD_IDS as readonly string[]).includes(method ?? '') ? (method as PaymentMethodId) : null,
  };
}

interface CheckoutRouteProps {
  store: CheckoutStore;
  firstMethod?: PaymentMethodId | undefined;
  elsewhere?: Elsewhere | null;
  challengeAnswer?: ChallengeAnswer | null;
}

export function CheckoutRoute({ store, firstMethod, elsewhere = null, challengeAnswer = null }: CheckoutRouteProps) {
  const services = useServices();
  // A payment of this shop waiting on another link comes first, until the payer pays here.
  const [away, setAway] = useState(elsewhere);
  // Said on the form when the payment waiting elsewhere was called off to pay here.
  const [calledOff, setCalledOff] = useState<string | null>(null);
  const state = useStoreState(store);
  const [back] = useState(() => arrival(services.address().searchParams));
  // The shop's page, for the way out of this tab's later pages (a receipt after a 3DS or bank page).
  useState(() => rememberShopReferrer(services.referrer, services.storage.session, services.address()));
  // A station without a price: what the payer entered (SPEC 5 "Amount limits").
  const [entered, setEntered] = useState<number | null>(null);
  // On the payment step with that amount; back on the amount step (the amount kept) to change it.
  const [paying, setPaying] = useState(false);
  const ready = state.status === 'ready' ? state.data : null;
  const data = useMemo(
    () => (ready?.payerAmount && paying && entered !== null ? { ...ready, info: { ...ready.info, amount: entered }, payerAmount: false } : ready),
    [ready, paying, entered],
  );

  useEffect(() => {
    // The shop hears why its checkout shows no form: a link unknown or expired (left for its page), or a failed load.
    if (state.status === 'redirect') leaveForEndedLink(services, state);
    if (state.status === 'failed') services.bridge.notify(checkoutFailure(state.message));
    if (state.status === 'ready' && back && (back.method ?? 'card') === 'card') {
      // That attempt finished, so the merchant page hears of it once.
      const pending = takeChallenge(services.storage.session);
      if (pending) {
        const { info } = state.data;
        const result = buildPaymentResult('card', {
          result: 'DECLINED',
          totalPaid: totalWithTax(info.amount, info.taxAmount),
          at: services.now(),
          type: '',
          codOper: services.address().searchParams.get('Oper') ?? '',
          user: pending.email,
          reason: back.message.key,
          returnUrl: pending.returnUrl,
        });
        services.bridge.notify({ type: 'result', result });
      }
    }
  }, [state, services, back]);

  if (data?.payerAmount && data.extras) {
    return (
      <data.extras.StationAmount
        info={data.info}
        merchant={data.merchant}
        amount={entered}
        onAmount={(amount) => {
          setEntered(amount);
          setPaying(true);
        }}
      />
    );
  }
  if (data && away) {
    return (
      <away.Screen
        found={away.found}
        total={totalWithTax(data.info.amount, data.info.taxAmount)}
        currency={data.merchant.currency}
        shop={{ name: shopNameOf(data.merchant), logo: shopLogoOf(data.merchant, '') }}
        summary={<PaymentSummary info={data.info} lang={services.lang} currency={data.merchant.currency} heading="h2" />}
        onPayHere={(note) => {
          setCalledOff(note ?? null);
          setAway(null);
        }}
        returnUrl={data.info.returnUrlString}
      />
    );
  }
  if (data) {
    return <CheckoutScreen data={data} firstMethod={back?.method ?? firstMethod} arrivalMessage={back?.message ?? null} calledOff={calledOff} challengeAnswer={challengeAnswer} onChangeAmount={ready?.payerAmount ? () => setPaying(false) : undefined} endedLinkPage={state.endedLinkPage} />;
  }
  if (state.status === 'failed' && (state.message.key === PAID_ELSEWHERE || state.message.key === 'subscription_cancelled_by_shop') && state.target) {
    // A paid link, or a subscription its shop cancelled: it names its shop and leads back to it.
    return <LinkShopMessage title={t(state.message.key)} type={state.target.type} code={state.target.code} />;
  }
  if (state.status === 'failed') {
    return <FailedCheckout message={state.message} onRetry={state.retry ? () => void store.getState().load() : undefined} />;
  }
  // On its way to another page (an unknown link's /404): no note here, the next page's wait has its own
  // (two notes in turn, each taking the focus, said "Cargando..." twice for one wait).
  return state.status !== 'redirect' && <LoadingPage />;
}

/** The checkout's first load leaves the message pages' styles out: fetched before this page shows. */
function FailedCheckout({ message, onRetry }: { message: PayerMessage; onRetry: (() => void) | undefined }) {
  const styled = useLaterStyles();
  if (!styled) return <LoadingPage />;
  return <MessagePage title={t('error_to_load')} message={message} onRetry={onRetry} />;
}
