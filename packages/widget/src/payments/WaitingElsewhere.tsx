import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cryptoAmountText, formatAmount, maskedPhoneName, type CatalogKey, type CoinsReceived, type Currency, type PaymentMethodId, type WaitingEnd } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { RECEIPT_PATH } from '../services/route';
import { useServices } from '../services/services';
import { MerchantHeader } from '../ui/MerchantHeader';
import { addressGoingOn, addressOfElsewhere, callOffElsewhere, canCallOff, forgetElsewhere, type FoundElsewhere } from './waitingElsewhere';
import { BusyButton } from '../ui/BusyButton';
import { MaskedText } from '../ui/MaskedNumber';
import { ShopReturn } from '../ui/WayOut';
import { challengeAddress, saveChallenge } from './challengeReturn';
import { formPathOf } from './pendingAddress';
import { followElsewhere } from './followElsewhere';
import { pushUrlFor } from './pushUrl';
import { reportPaidHere } from './reportPaidHere';
import type { Standing } from './waitingElsewhere';

interface WaitingElsewhereProps {
  found: FoundElsewhere;
  total: number;
  /** The shop's: the payment waiting elsewhere is of the same shop, in the same currency. */
  currency: Currency;
  shop: { name: string; logo: string };
  /** `calledOff`: the words saying the payment waiting elsewhere was called off first, for the form to tell. */
  onPayHere: (calledOff?: string) => void;
  /** This order's summary (what it is, its total), so the payer knows which order is asked about. */
  summary?: ReactNode;
  /** The link's own address of the shop, for the result of a challenge gone on with. */
  returnUrl?: string | undefined;
  /** Where the push socket says when to look; null: polls alone. */
  pushUrl?: string | null | undefined;
}

const TITLE: Partial<Record<PaymentMethodId, CatalogKey>> = {
  cash: 'waiting_elsewhere_voucher', clave: 'waiting_elsewhere_bank', crypto: 'waiting_elsewhere_coins', card: 'waiting_elsewhere_challenge',
};

type View = 'offer' | 'calledOff' | 'ended' | 'paid';

/** Another link's payment can still be paid; this very link's, once the order is paid, is called off (single-use). */
function stayNote(method: PaymentMethodId, here: boolean): CatalogKey {
  if (method === 'cash') return here ? 'waiting_here_voucher_stays' : 'waiting_elsewhere_voucher_stays';
  return here ? 'waiting_here_stays' : 'waiting_elsewhere_stays';
}

/** Paid meanwhile, it says so instead. */
export function WaitingElsewhere({ found, total, currency, shop, onPayHere, summary = null, returnUrl = '', pushUrl }: WaitingElsewhereProps) {
  const services = useServices();
  const { payment } = found;
  const [view, setView] = useState<View>(found.state === 'paid' ? 'paid' : 'offer');
  const [ended, setEnded] = useState<WaitingEnd | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // The one polite announcer: what changed, besides the heading the focus moves to.
  const [news, setNews] = useState('');
  // A crypto payment's coins already received: calling it off sends them back, which the note says.
  const [received, setReceived] = useState<CoinsReceived | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [view]);
  const stopFollowing = useRef<(() => void) | null>(null);

  const lang = services.lang;
  // Mid-sentence a card is a common noun ('the card payment'); the other methods are brand names.
  const methodName = t(`method_${payment.method}` as CatalogKey);
  const values = { method: payment.method === 'card' ? methodName.toLocaleLowerCase(lang) : methodName, amount: formatAmount(found.total, lang, currency) };
  const thisOrder = { amount: formatAmount(total, lang, currency) };
  const callable = canCallOff(payment.method);
  const title =
    view === 'paid' ? t('waiting_elsewhere_paid', values)
    : view === 'calledOff' ? t('waiting_elsewhere_called_off', values)
    : view === 'ended' ? t(ended === 'lapsed' ? 'waiting_elsewhere_lapsed' : 'waiting_elsewhere_declined', values)
    : t(TITLE[payment.method] ?? 'waiting_elsewhere_approval', values);
  useEffect(() => {
    document.title = `${title} · ${shop.name}`;
  }, [title, shop.name]);

  // Settled in the other browser (or by the processor) while this question is on screen: said here too.
  const settled = (answer: Standing) => {
    stopFollowing.current = null;
    forgetElsewhere(services.bridge, payment);
    if (answer.state === 'paid') {
      // This very order: its receipt, and the shop hears the result as the browser that paid does.
      if (found.here) return void reportPaidHere(services, payment, found.total, returnUrl);
      setNews(t('waiting_elsewhere_paid_note'));
      return setView('paid');
    }
    setNews(t('waiting_elsewhere_not_charged'));
    if (answer.ended === 'calledOff') return setView('calledOff');
    setEnded(answer.ended ?? 'declined');
    setView('ended');
  };
  const follow = () => {
    stopFollowing.current?.();
    const url = pushUrl === undefined ? pushUrlFor(services.config.apiBase, payment.codOper, services.address().href) : pushUrl;
    stopFollowing.current = followElsewhere(services.api, payment, url, settled, undefined, (answer) => setReceived(answer.received));
  };
  const unfollow = () => {
    stopFollowing.current?.();
    stopFollowing.current = null;
  };
  useEffect(() => {
    if (found.state === 'waiting') follow();
    return unfollow;
    // Followed from the first render to the screen's end, or until the payer acts on it.
  }, []);

  const callOff = async (then: () => void) => {
    // The call-off's own answer says how it ended; the watch would tell the same end twice.
    unfollow();
    setBusy(true);
    setFailed(false);
    let state: Awaited<ReturnType<typeof callOffElsewhere>>;
    try {
      state = await callOffElsewhere(services.api, payment);
    } catch {
      state = 'waiting';
    }
    setBusy(false);
    if (state === 'waiting') {
      follow();
      return setFailed(true);
    }
    forgetElsewhere(services.bridge, payment);
    if (state === 'paid') return setView('paid');
    setNews(t('waiting_elsewhere_not_charged'));
    then();
  };
  // Methods with no call-off here (a voucher, a bank page, coins on their way): it stays, and the note says so.
  const payAnotherWay = () => (callable ? void callOff(() => onPayHere(`${t('waiting_elsewhere_called_off', values)}. ${t('waiting_elsewhere_not_charged')}`)) : onPayHere());
  const phone = maskedPhoneName(found.phone);
  // As the card form does before its challenge: the issuer's page returns to the embedded receipt, and the shop hears the result.
  const goOnChallenge = (url: string) => {
    unfollow();
    const current = services.address();
    saveChallenge(services.storage.session, { formPath: formPathOf(current), email: '', returnUrl });
    services.leave(challengeAddress(url, payment.codOper, current));
  };
  const goOn = () => {
    unfollow();
    if (!found.here) return services.navigate(addressOfElsewhere(payment));
    // The same link's checkout is already here: the router is not told (it would draw this question again).
    services.navigate(addressGoingOn(services.address(), payment), { shown: true });
    onPayHere();
  };

  return (
    <main className="page page--checkout page--elsewhere">
      <MerchantHeader name={shop.name} logo={shop.logo} />
      <section className="elsewhere" aria-busy={busy}>
        <h1 className="page__title" tabIndex={-1} ref={heading}>
          {title}
        </h1>
        {summary}
        {view === 'offer' ? (
          <>
            <p className="page__text">{t(found.here ? 'waiting_here_lead' : 'waiting_elsewhere_lead')}</p>
            {phone ? (
              <p className="page__text">
                <MaskedText name={phone} say={(named) => t('waiting_here_phone', { phone: named })} />
              </p>
            ) : null}
            {failed ? (
              <p className="alert alert__text" role="alert">
                {t('waiting_elsewhere_not_called_off', values)}
              </p>
            ) : null}
            {found.challengeUrl ? (
              // A 3DS challenge goes on at the issuer's page, which the server still knows.
              <BusyButton type="button" className="button button--primary" busy={busy} onClick={() => goOnChallenge(found.challengeUrl ?? '')}>
                {t('waiting_elsewhere_go_on_challenge')}
              </BusyButton>
            ) : (
              <BusyButton type="button" className="button button--primary" busy={busy} onClick={goOn}>
                {t(payment.method === 'cash' ? 'waiting_elsewhere_go_on_voucher' : 'waiting_elsewhere_go_on')}
              </BusyButton>
            )}
            <BusyButton type="button" className="button button--secondary" busy={busy} onClick={payAnotherWay} aria-describedby="elsewhere-note">
              {t('waiting_elsewhere_other_way', thisOrder)}
            </BusyButton>
            <p className="page__hint" id="elsewhere-note">
              {found.here && received
                ? t('waiting_here_coins_back', { amount: cryptoAmountText(received.amount), coin: received.coin })
                : t(callable ? 'waiting_elsewhere_other_way_note' : stayNote(payment.method, found.here === true), values)}
            </p>
            {callable ? (
              <BusyButton type="button" className="button button--link" busy={busy} onClick={() => void callOff(() => setView('calledOff'))}>
                {t('waiting_elsewhere_call_off', values)}
              </BusyButton>
            ) : null}
          </>
        ) : view === 'calledOff' || view === 'ended' ? (
          <>
            <p className="page__text">{t('waiting_elsewhere_not_charged')}</p>
            <button type="button" className="button button--primary" onClick={() => onPayHere()}>
              {t('waiting_elsewhere_pay_this', thisOrder)}
            </button>
            {services.bridge.embedded ? (
              <button type="button" className="button button--secondary" onClick={() => services.bridge.notify({ type: 'close' })}>
                {t('close')}
              </button>
            ) : null}
          </>
        ) : (
          <>
            <p className="page__text">{t(found.here ? 'waiting_here_paid_note' : 'waiting_elsewhere_paid_note')}</p>
            <button type="button" className="button button--primary" onClick={() => services.navigate(RECEIPT_PATH + encodeURIComponent(payment.codOper))}>
              {t('waiting_elsewhere_see_receipt')}
            </button>
            {found.here ? (
              // This very order was paid: never offered again, only the way back.
              <ShopReturn shopName={shop.name} />
            ) : (
              <button type="button" className="button button--secondary" onClick={() => onPayHere()}>
                {t('waiting_elsewhere_pay_too', thisOrder)}
              </button>
            )}
          </>
        )}
        <p className="visually-hidden" role="status">
          {news}
        </p>
      </section>
    </main>
  );
}
