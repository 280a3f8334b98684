import { useEffect, useLayoutEffect } from 'react';
import { isFinalMessage } from '@pasarela/core';
import { useStoreState } from '../ui/useStoreState';
import type { AttemptState, AttemptStore } from './attemptStore';
import type { PaymentContext } from './paymentContext';
import { PAID_ELSEWHERE } from './paidElsewhere';

export function useAttempt<A>(store: AttemptStore<A>, payment: PaymentContext): AttemptState<A> {
  const state = useStoreState(store);
  const busy = state.phase === 'sending' || state.phase === 'waiting';
  useEffect(() => payment.setBusy(busy), [busy, payment]);
  // Paid by another payment, or the link ended (expired): the method choice and the captcha go, as nothing is left to pay.
  const ended = state.phase === 'failed' && !!state.message && (state.message.key === PAID_ELSEWHERE || isFinalMessage(state.message));
  useEffect(() => payment.setEnded(ended), [ended, payment]);
  // Asked from the moment the wait is on screen (before paint), so a close pressed at once is asked about too.
  const held = state.phase === 'waiting' ? state.codOper : null;
  useLayoutEffect(() => payment.holdClose(held), [held, payment]);
  useEffect(() => () => store.getState().stop(), [store]);
  return state;
}
