import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { SUPPORT_EMAIL, formatAmount, phoneCountryOf, roundAmount, shopNameOf } from '@pasarela/core';
import type { MethodScreenProps } from '../../payments/methodModule';
import { loadReceipts } from '../../receipts/loadReceipts';
import { CardForm } from './CardForm';
import { t } from '../../i18n/i18n';
import type { CardPayContext } from './pay';
import { checkPhone, preparePhoneRules } from '../../payments/phoneCheck';
import { createCardStore, PAYER_FIELDS, type CardSendOptions, type CardValues } from './store';
import { createVaultFrame, type VaultFrame } from '../../payments/vaultFrame';
import type { VaultCard } from '@pasarela/core';
import { challengeAddress, saveChallenge, takeChallenge } from '../../payments/challengeReturn';
import { loadChallengeWait, loadedChallengeWait } from './loadChallengeWait';
import { useStoreState } from '../../ui/useStoreState';
import { useCheckoutDonation } from '../../payments/donation/useDonationAmount';
import { afterFirstScreen } from '../../services/afterFirstScreen';
import type { PaidBy } from '../../payments/paidElsewhere';

type CardExtras = typeof import('../../wallet/cardExtras');
type PaidElsewhereView = typeof import('../../payments/PaidElsewhere').PaidElsewhere;

/** Not in the first load: fetched while the payer types, with the payment's calls. */
const loadPaidElsewhere = () => import('../../payments/PaidElsewhere').then((m) => m.PaidElsewhere);

/** Fetched when the payer first types (the focus on open is not the payer's), waited for by an earlier click. */
function lazyPayment(context: CardPayContext) {
  let made: Promise<{ pay: ReturnType<typeof import('./pay').createCardPay>; lookup: ReturnType<typeof import('./pay').createCardLookup> }> | null = null;
  const load = () => {
    made ??= import('./pay').then((m) => ({ pay: m.createCardPay(context), lookup: m.createCardLookup(context) })).catch((error: unknown) => {
      made = null; // a later click fetches it again
      throw error;
    });
    return made;
  };
  return {
    load: () => void load().catch(() => undefined),
    pay: (values: CardValues, card: VaultCard, trackId: string, options: CardSendOptions) => load().then((m) => m.pay(values, card, trackId, options)),
    lookup: (values: CardValues, card: VaultCard, trackId: string) => load().then((m) => m.lookup(values, card, trackId)),
  };
}

export function CardScreen({ payment }: MethodScreenProps) {
  const { services, data, arrivalMessage: initialAlert } = payment;
  const { info, merchant, methods } = data;
  // The checkout's data as it loaded: a subscription's comes with the extras' chunk (its plan and terms).
  const planParts = data.extras;
  // Not for a subscription: its card is the one it keeps for its charges, and a saved card is only a token.
  const sessionLogin = useStoreState(services.session).login;
  const login = data.subscription ? null : sessionLogin;
  const [savedChosen, setSavedChosen] = useState(false);
  const keepCard = useRef(false);
  const [extras, setExtras] = useState<CardExtras | null>(null);
  useEffect(() => {
    if (login && !extras) void import('../../wallet/cardExtras').then((m) => setExtras(() => m)).catch(() => undefined);
  }, [login, extras]);
  const wallet = login && extras ? extras : null;
  // The button says what is charged: amount, tax and the donation chosen.
  const donation = useCheckoutDonation();
  // Its own small chunk: needed only around a challenge.
  const drafts = useRef<typeof import('./cardDraft') | null>(null);
  const paymentCalls = useRef<ReturnType<typeof lazyPayment> | null>(null);
  // A card left at its 3DS challenge that the address or tab names is followed until the bank decides;
  // one the page found failed (core challengeEndsOnForm) is the form with the bank's reason at once.
  const atChallenge = payment.challengeAnswer;
  const [endedOnForm] = useState(() => (atChallenge?.refusal ? atChallenge : null));
  const [challenge, setChallenge] = useState(() => (endedOnForm ? null : payment.memory().load()?.codOper || null));
  // Its issuer's page as the server named it (the duplicate's 'No', in a browser that never saw it).
  const [challengePage, setChallengePage] = useState<string | null>(null);
  const [Wait, setWait] = useState(loadedChallengeWait);
  // The form back from the wait: its button had the focus, which goes on to the card number.
  const [backFromWait, setBackFromWait] = useState(false);
  useEffect(() => {
    if (challenge && !Wait) void loadChallengeWait().then((wait) => setWait(() => wait), () => setChallenge(null));
  }, [challenge, Wait]);
  // The card vault's fields, one frame for the form's life: asked for with the form, not after it.
  const [frame] = useState<VaultFrame>(() => createVaultFrame(services.config.vaultUrl));
  const [store] = useState(() => {
    const here = services.address();
    const domainRequested = services.bridge.embedded ? (here.searchParams.get('parentOrigin') ?? here.origin) : here.origin;
    const context: CardPayContext = {
      api: services.api,
      info,
      merchant,
      lang: services.lang,
      domainRequested,
      notify: (message) => services.bridge.notify(message),
      now: services.now,
      subscription: data.subscription,
      idService: methods.entries.card?.idMerchantService,
      donation: () => payment.donation(),
      customFieldValues: () => payment.customFieldValues(),
      security: () => payment.security(),
      storeCard: () => keepCard.current && services.session.getState().login !== null,
      onAttempt: () => {
        takeChallenge(services.storage.session);
        void loadReceipts().catch(() => undefined);
      },
      beforeChallenge: (values) => {
        drafts.current?.saveCardDraft(services.storage.session, values);
        saveChallenge(services.storage.session, {
          formPath: services.address().pathname + services.address().search,
          email: values.email.trim(),
          returnUrl: info.returnUrlString,
        });
      },
    };
    const calls = lazyPayment(context);
    paymentCalls.current = calls;
    const made = createCardStore({
      now: services.now,
      fields: frame,
      supportEmail: SUPPORT_EMAIL,
      checkPhone: (phone) => checkPhone(phone, phoneCountryOf(merchant.country)),
      extrasToFix: () => payment.extrasToFix(),
      pay: calls.pay,
      lookup: calls.lookup,
      newTrackId: services.newTrackId,
      flight: payment.flight,
      initial: { email: info.email },
      onDone: (attempt) => {
        if (attempt.kind === 'ended') return services.navigate(attempt.to);
        if (attempt.kind === 'redirect') {
          const url = challengeAddress(attempt.url, attempt.codOper, services.address());
          drafts.current?.keepForChallenge(payment, attempt.codOper, url);
          return services.leave(url);
        }
        payment.showReceipt(attempt.codOper);
      },
      // The duplicate's 'No': a card payment still at its 3DS challenge is followed here; one that ended, its receipt.
      onEarlier: (earlier) => {
        if (earlier.state !== 'waiting' || earlier.method !== 'card') return payment.showReceipt(earlier.codOper);
        setChallengePage(earlier.challengeUrl);
        setChallenge(earlier.codOper);
      },
    });
    if (endedOnForm?.refusal) made.setState(endedOnForm.refusal);
    return made;
  });

  // What the payer types here is offered in the other methods' forms, and the other way round: linked
  // once its small chunk is in (values typed before are offered then), not in the first load.
  useEffect(() => {
    let unlink: (() => void) | null = null;
    let live = true;
    void import('../../payments/linkPayerDetails')
      .then((m) => {
        if (!live) return;
        unlink = m.linkPayerDetails(payment.payerDetails, {
          fields: PAYER_FIELDS,
          read: () => store.getState().values,
          write: (field, value) => store.getState().setValue(field, value),
          subscribe: (listener) => store.subscribe(listener),
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      unlink?.();
    };
  }, [payment, store]);

  // The form drawn with a failed challenge's reason: the shop hears of it, and the payer's details come back.
  useEffect(() => {
    if (!endedOnForm) return;
    void import('./challengeEnd').then((m) => m.endedOnForm(payment, store, endedOnForm.receipt)).catch(() => undefined);
  }, [endedOnForm, payment, store]);

  useEffect(() => {
    if (initialAlert) store.setState({ alert: initialAlert });
    let live = true;
    // Back from a challenge the draft is wanted at once; otherwise only before a challenge, so it
    // waits until the form is on screen (it is not part of the first load).
    void (initialAlert ? Promise.resolve() : afterFirstScreen())
      .then(() => import('./cardDraft'))
      .then((m) => {
        drafts.current = m;
        // Taken only by the screen on show: one mounted and gone meanwhile leaves it for the next.
        if (!live) return;
        const draft = m.takeCardDraft(services.storage.session);
        if (initialAlert && draft) store.setState(m.formAfterDraft(draft, store.getState().values, info.email));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [store, initialAlert, services, info.email]);

  // Pay refused because the order was paid in another browser meanwhile (typed card or saved one): said
  // so as a wait left behind says it, and nothing is offered to pay again.
  const paidHere = useSyncExternalStore(store.subscribe, () => store.getState().paidElsewhere);
  const [savedPaid, setSavedPaid] = useState<{ paidBy: PaidBy | null } | null>(null);
  const paidElsewhere = paidHere ?? savedPaid;
  const [PaidView, setPaidView] = useState<PaidElsewhereView | null>(null);
  useEffect(() => {
    if (!paidElsewhere) return undefined;
    payment.setEnded(true);
    let live = true;
    void loadPaidElsewhere().then((view) => live && setPaidView(() => view), () => undefined);
    return () => {
      live = false;
    };
  }, [paidElsewhere, payment]);

  // While the payer types: the payment's calls, the API client's own code (Pay's is its first call
  // the page did not answer) and the receipt screens it ends on (or the notice of an order paid
  // elsewhere meanwhile), so Pay waits for no chunk (each fetched once; one that failed is fetched
  // again by Pay).
  const preparePayment = () => {
    paymentCalls.current?.load();
    services.api.prepare?.();
    void loadReceipts().catch(() => undefined);
    void loadPaidElsewhere().catch(() => undefined);
  };

  // (Nothing for the moment its chunk takes: not the form, which would invite a second payment.)
  if (paidElsewhere) {
    return PaidView ? (
      <div className="method">
        <PaidView payment={payment} paidBy={paidElsewhere.paidBy} />
      </div>
    ) : null;
  }
  if (challenge) return Wait ? <Wait payment={payment} codOper={challenge} challengeUrl={challengePage} store={store} onEnd={() => (setChallenge(null), setBackFromWait(true))} /> : null;
  return (
    <>
      {wallet && login ? <wallet.SavedCardChoice key={login.session.sessionId} payment={payment} onChoice={setSavedChosen} onPaidElsewhere={(paidBy) => setSavedPaid({ paidBy })} /> : null}
      <div hidden={wallet !== null && savedChosen} onInput={preparePayment}>
        <CardForm
          store={store}
          frame={frame}
          fieldsAddress={{ vaultUrl: services.config.vaultUrl, parentOrigin: services.address().origin, lang: services.lang, brands: methods.cardBrands }}
          onCardInput={preparePayment}
          total={roundAmount(payment.total + donation)}
          currency={merchant.currency}
          phoneCountry={phoneCountryOf(merchant.country)}
          lang={services.lang}
          acceptedBrands={methods.cardBrands}
          preparePhone={() => void preparePhoneRules().catch(() => undefined)}
          beforeSubmit={wallet ? <wallet.StoreCardBox onChange={(keep) => (keepCard.current = keep)} /> : null}
          payTerms={data.subscription && planParts ? planParts.subscriptionTerms(data.subscription, shopNameOf(merchant), services.lang, merchant.currency) : undefined}
          submitLabel={data.subscription && planParts ? planParts.subscriptionSubmitLabel(data.subscription) : undefined}
          takeFocus={backFromWait}
        />
      </div>
    </>
  );
}
