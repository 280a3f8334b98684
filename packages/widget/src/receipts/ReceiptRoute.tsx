import { useEffect, useRef, useState } from 'react';
import { CARD_AUTH_STATUS, receiptDisplayStatus, receiptStatusFamily, type Receipt } from '@pasarela/core';
import { useServices } from '../services/services';
import { clearSession } from '../services/session';
import { challengeFromAddress, takeChallenge } from '../payments/challengeReturn';
import { closedOutside } from '../payments/leaveAndReturn';
import { forgetChallengeDraft, noteDraftReason } from '../payments/challengeDraft';
import { forgetReturnedPayment, resultAfterReturn, stepsBackToForm } from '../payments/afterReturn';
import { RECEIPT_PATH } from '../services/route';
import { t } from '../i18n/i18n';
import { useStoreState } from '../ui/useStoreState';
import { ReceiptScreen } from './ReceiptScreen';
import type { ReceiptStore } from './receiptStore';
import { LoadingPage } from '../ui/Loading';
import { watchPayment } from '../payments/watchPayment';
import { pushUrlFor } from '../payments/pushUrl';
import { loadReceipt } from '../api/loadReceipt';

const CHALLENGE_ANSWER_READS = 10;

/** Back from a 3DS challenge it is where that attempt finishes: the shop hears the result. */
export function ReceiptRoute({ store }: { store: ReceiptStore }) {
  const services = useServices();
  const state = useStoreState(store);
  const [pending] = useState(() => takeChallenge(services.storage.session) ?? challengeFromAddress(services.address()));
  const reported = useRef(false);
  // SPEC 2 processing "redirects to the receipt": drawn at once there, then at the receipt's own address.
  useEffect(() => {
    const { pathname } = services.address();
    if (state.status === 'ready' && pathname === `${RECEIPT_PATH}processing`) services.navigate(RECEIPT_PATH + encodeURIComponent(state.receipt.codOper), { shown: true });
  }, [state, services]);
  // Back from the issuer before its answer reached the server: read again, a second apart, before reporting.
  const reads = useRef(0);
  const atChallenge = pending !== null && state.status === 'ready' && state.receipt.status === -1
    && state.receipt.authStatus === CARD_AUTH_STATUS.three_ds && reads.current < CHALLENGE_ANSWER_READS;
  useEffect(() => {
    if (!atChallenge) return;
    const timer = setTimeout(() => {
      reads.current += 1;
      void store.getState().load();
    }, 1_000);
    return () => clearTimeout(timer);
  }, [atChallenge, store]);
  // A card payment the processor has not decided (held for review, in doubt after its answer was
  // lost, or back from a challenge the issuer had not decided once the return's own reads were done):
  // followed until it decides, and its receipt then shows what became of it. The shop heard PENDING;
  // its server hears the outcome by webhook.
  const undecided = state.status === 'ready' && !atChallenge && isUndecidedCard(state.receipt) ? state.receipt.codOper : null;
  useEffect(() => {
    if (undecided === null) return;
    return watchPayment<Receipt>({
      pushUrl: pushUrlFor(services.config.apiBase, undecided, services.address().href),
      check: () => loadReceipt(services.api, undecided),
      isFinal: (receipt) => !isUndecidedCard(receipt),
      onAnswer: (receipt) => {
        if (!isUndecidedCard(receipt)) store.setState({ status: 'ready', receipt });
      },
      // The receipt as it stands stays in view.
      onRefused: () => undefined,
    });
  }, [undecided, services, store]);
  // Called off because another payment paid the order (the challenge left in another browser): no result of its own.
  const paidElsewhere = state.status === 'ready' && state.receipt.paidBy !== null && state.receipt.paidBy !== undefined;
  const result = pending && state.status === 'ready' && !atChallenge && !paidElsewhere ? resultAfterReturn('card', state.receipt, pending, services.now()) : null;

  useEffect(() => {
    if (pending && paidElsewhere && !reported.current) {
      // The shop hears of the payment that paid, never of a decline here; the loader forgets this one.
      reported.current = true;
      forgetReturnedPayment(services, 'card', state.status === 'ready' ? state.receipt.codOper : '');
      return;
    }
    if (!pending || !result || reported.current) return;
    reported.current = true;
    // Refused: back to the form's own history entry, which keeps what was typed. Closed by the payer
    // (X or Escape), which called it off: the shop is told and the checkout closes.
    const closing = closedOutside(services.address());
    const steps = result.status === 'success' || closing ? null : stepsBackToForm(new URL(location.href), history.length);
    if (steps !== null) return history.go(steps);
    services.bridge.notify({ type: 'result', result });
    // Reported here: neither the loader nor this tab follows the challenge's payment any longer.
    forgetReturnedPayment(services, 'card', state.status === 'ready' ? state.receipt.codOper : '');
    if (closing) services.bridge.notify({ type: 'close' });
    const receiptPath = RECEIPT_PATH + encodeURIComponent(state.status === 'ready' ? state.receipt.codOper : '');
    if (result.status === 'success') {
      clearSession(services.storage.local);
      forgetChallengeDraft(services.storage.session);
      // A reload of this address must not report the result again.
      services.navigate(receiptPath);
      return;
    }
    if (pending.formPath === '') return services.navigate(receiptPath);
    if (state.status === 'ready') noteDraftReason(services.storage.session, state.receipt.messageSys ?? '', state.receipt.authStatus ?? '');
    const back = new URL(pending.formPath, location.origin);
    back.searchParams.set('error', 'payment_declined');
    services.navigate(back.pathname + back.search);
  }, [pending, result, paidElsewhere, services, state]);

  if (atChallenge) return <LoadingPage />;
  // Refused: on its way back to the card form, which says the bank's reason: no note here (a loading
  // note taking the focus was heard before the form and its reason; the form's wait has its own).
  return result?.status === 'error' && pending?.formPath ? null : <ReceiptScreen store={store} />;
}

function isUndecidedCard(receipt: Receipt): boolean {
  return receiptStatusFamily(receipt) === 'card' && receiptDisplayStatus(receipt) === 'pending';
}
