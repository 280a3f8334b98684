import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { afterChallengeAbandon, isPasarelaError, type Receipt } from '@pasarela/core';
import { loadReceipt } from '../../api/loadReceipt';
import { t } from '../../i18n/i18n';
import { resultAfterReturn } from '../../payments/afterReturn';
import type { PaymentContext } from '../../payments/paymentContext';
import { WaitingPanel } from '../../payments/WaitingPanel';
import { watchPayment } from '../../payments/watchPayment';
import { loadReceipts } from '../../receipts/loadReceipts';
import { entryDraft, forgetEntryDraft, takeCardDraft } from './cardDraft';
import { backOnForm, reportChallengeEnd } from './challengeEnd';
import { takeChallenge } from '../../payments/challengeReturn';
import { abandonChallenge } from './abandonChallenge';
import { challengePageOf } from '../../payments/challengePage';
import type { CardStore } from './store';
import { BusyButton } from '../../ui/BusyButton';
import { WaitHeading } from '../../payments/WaitHeading';
import { paidByOfReceipt, type PaidBy } from '../../payments/paidElsewhere';
import { PaidElsewhere } from '../../payments/PaidElsewhere';

/** After a call-off from elsewhere: every few seconds for about ten minutes, as a Yappy or Nequi wait looks. */
const CALLED_OFF_LOOK_MS = 3_000;
const CALLED_OFF_LOOKS = 200;

const decided = (receipt: Receipt, now: Date) =>
  resultAfterReturn('card', receipt, { formPath: '', email: '', returnUrl: '' }, now).notification.Estado !== 'PENDING';

/** The shop hears the outcome here: nothing else reported it. */
function endChallenge(payment: PaymentContext, store: CardStore, codOper: string, receipt: Receipt): 'receipt' | 'form' {
  if (reportChallengeEnd(payment, receipt) === 'success') {
    payment.showReceipt(codOper);
    return 'receipt';
  }
  backOnForm(payment, store, { text: receipt.messageSys ?? '', authStatus: receipt.authStatus ?? '' });
  return 'form';
}

interface ChallengeWaitProps {
  payment: PaymentContext;
  codOper: string;
  /** Its issuer's page as the server named it, for a browser whose history kept none. */
  challengeUrl?: string | null | undefined;
  store: CardStore;
  onEnd: () => void;
}

/** Followed on the server until the bank decides. Its own chunk: only after a challenge. */
export function ChallengeWait({ payment, codOper, challengeUrl: namedPage, store, onEnd }: ChallengeWaitProps) {
  const { services } = payment;
  // The screen's latest word on the end (its callback may be new on each render).
  const end = useRef(onEnd);
  end.current = onEnd;
  // A payment under way: the method choice holds and the captcha steps aside.
  useEffect(() => {
    payment.setBusy(true);
    return () => payment.setBusy(false);
  }, [payment]);
  const [left, setLeft] = useState(false);
  // Called off by the payer from the order opened in another browser (`calledOff`), and once another
  // payment paid the order, that one (`paidBy`): nothing is left to pay here.
  const [calledOff, setCalledOff] = useState(false);
  const [paidBy, setPaidBy] = useState<PaidBy | null>(null);
  useEffect(() => {
    if (paidBy) payment.setEnded(true);
  }, [paidBy, payment]);
  // Leaving for another card: under way, or failed (the wait stays, the payer may try again).
  const [leaving, setLeaving] = useState<'idle' | 'busy' | 'failed'>('idle');
  // Said to wait for the payer at the bank only once an answer says the payment still is there: a
  // payer just back from a refused challenge hears the refusal, never that the bank waits for them.
  const [atBank, setAtBank] = useState(false);
  // The challenge's page, to go back to, as the form's history entry kept it, else as the server named
  // it (its duplicate answer, or asked here): every way to this wait offers it ('' while unknown).
  const [challengeUrl, setChallengeUrl] = useState(() => entryDraft()?.challengeUrl || namedPage || '');
  const knownAtStart = useRef(challengeUrl !== '');
  // Its receipt as the checkout read it with the page (which carried it once): the watcher's first answer.
  const firstAnswer = useRef(payment.challengeAnswer?.codOper === codOper ? payment.challengeAnswer.receipt : null);
  useEffect(() => {
    if (knownAtStart.current) return;
    let live = true;
    // Not known there either: the wait goes on without the button, with its other way.
    challengePageOf(services.api, codOper).then((url) => {
      if (live && url) setChallengeUrl(url);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [services, codOper]);
  // The watcher's stop and the one end of the wait (the watcher's answer or the payer leaving, whichever comes first).
  const ended = useRef<{ anotherCard: () => void; finish: (receipt: Receipt) => void; paidElsewhere: (by: PaidBy) => void } | null>(null);
  // The payer asked to leave for another card: from then on a cancellation the watcher hears is that
  // call's doing (its push can beat the call's own answer), not a refusal to show the first card again.
  const asked = useRef(false);
  // Before the first paint: a payment already decided (its receipt read with the page: approved, or
  // paid or called off elsewhere; a failed one is the checkout's form at once) goes on at once, and
  // its wait is never drawn.
  useLayoutEffect(() => {
    let over = false;
    const finish = (receipt: Receipt) => {
      // Still at the bank: the receipt's screens load while the payer decides.
      if (!decided(receipt, services.now())) {
        setAtBank(true);
        return void loadReceipts().catch(() => undefined);
      }
      const elsewhere = paidByOfReceipt(receipt);
      if (elsewhere) return paidElsewhere(elsewhere);
      if (asked.current && afterChallengeAbandon(receipt) === 'form') return anotherCard();
      if (receipt.calledOffByPayer) return calledOffElsewhere();
      if (over) return;
      over = true;
      stop();
      if (endChallenge(payment, store, codOper, receipt) === 'form') end.current();
    };
    const stop = watchPayment<Receipt>({
      pushUrl: payment.pushUrl(codOper),
      check: () => {
        const first = firstAnswer.current;
        firstAnswer.current = null;
        return first ? Promise.resolve(first) : loadReceipt(services.api, codOper);
      },
      isFinal: (receipt) => decided(receipt, services.now()),
      onAnswer: finish,
      // No such payment (or no longer readable): nothing to wait for; the form, as it was typed.
      onRefused: (error) => {
        if (isPasarelaError(error) && !over) {
          over = true;
          payment.memory().clear();
          backOnForm(payment, store, null);
          end.current();
        }
      },
    });
    // Ended by what happened elsewhere: nothing of this payment or its card is kept to pay again here.
    const endWait = (): boolean => {
      if (over) return false;
      over = true;
      stop();
      payment.memory().clear();
      forgetEntryDraft();
      takeCardDraft(services.storage.session);
      takeChallenge(services.storage.session);
      return true;
    };
    // Not a refusal: the neutral notice, and the shop hears of the payment that paid, never of a decline here.
    const paidElsewhere = (by: PaidBy) => {
      if (endWait()) setPaidBy(by);
    };
    // Not asked here: called off from the order opened elsewhere. Said so, neutrally, and looked at now
    // and then (for about ten minutes, the time a payer takes to pay there) until the order is paid there.
    let lookAgain: ReturnType<typeof setTimeout> | undefined;
    const calledOffElsewhere = () => {
      if (!endWait()) return;
      setCalledOff(true);
      let looks = 0;
      const look = () => {
        lookAgain = setTimeout(() => {
          looks += 1;
          loadReceipt(services.api, codOper).then((receipt) => paidByOfReceipt(receipt), () => null).then((by) => {
            if (lookAgain === undefined) return;
            if (by) setPaidBy(by);
            else if (looks < CALLED_OFF_LOOKS) look();
          }, () => undefined);
        }, CALLED_OFF_LOOK_MS);
      };
      look();
    };
    // Without the first card's number and expiry; the shop hears nothing of it.
    const anotherCard = () => {
      if (over) return;
      over = true;
      stop();
      payment.memory().clear();
      backOnForm(payment, store, null);
      end.current();
    };
    ended.current = { anotherCard, finish, paidElsewhere };
    return () => {
      over = true;
      stop();
      clearTimeout(lookAgain);
      lookAgain = undefined;
    };
  }, [payment, codOper, services, store]);

  // The first attempt is called off on the server before the form can send another: a challenge
  // completed after is refused there, and one completed first ends the wait on its receipt.
  const leave = async () => {
    setLeaving('busy');
    asked.current = true;
    try {
      const answer = await abandonChallenge(services.api, codOper);
      const end = afterChallengeAbandon(answer);
      if (end === 'form') {
        // Called off, maybe because the order was paid in another browser a moment ago, before this wait
        // heard: asked the wait's own look-up first, as a paid order is never offered to be paid again.
        const by = await loadReceipt(services.api, codOper).then(paidByOfReceipt, () => null);
        if (by) ended.current?.paidElsewhere(by);
        else ended.current?.anotherCard();
      } else if (end === 'waiting') {
        setLeaving('failed');
      } else {
        ended.current?.finish(await loadReceipt(services.api, codOper));
      }
    } catch {
      setLeaving('failed');
    }
  };

  if (paidBy || calledOff) {
    return (
      <div className="method">
        <PaidElsewhere payment={payment} paidBy={paidBy} paid={paidBy !== null} />
      </div>
    );
  }

  return (
    <div className="method">
      <WaitHeading text={t('card_challenge_title')} />
      <WaitingPanel status={t(atBank ? 'card_challenge_waiting' : 'card_challenge_checking')} deadline={null} serverNow={services.serverNow} />
      {challengeUrl ? (
        <BusyButton
          type="button"
          className="button button--primary"
          busy={left}
          onClick={() => {
            setLeft(true);
            services.leave(challengeUrl);
          }}
        >
          {t('card_challenge_resume')}
        </BusyButton>
      ) : null}
      {leaving === 'failed' ? (
        <div className="alert" role="alert">
          <p className="alert__text">{t('card_challenge_leave_failed')}</p>
        </div>
      ) : null}
      <BusyButton type="button" className="button button--link" busy={leaving === 'busy'} onClick={() => void leave()}>
        {t('card_challenge_other_card')}
      </BusyButton>
    </div>
  );
}
