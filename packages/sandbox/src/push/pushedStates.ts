import { paymentDisplayStatus, statusFamilyOf } from '@pasarela/core';

/** A payment's state as a push socket tells it. */
export interface PushedState {
  codOper: string;
  method: string;
  status: number;
  authStatus: string;
}

const isPending = (state: PushedState) => paymentDisplayStatus(statusFamilyOf(state.method), state.status, state.authStatus) === 'pending';

/**
 * What one socket has told of each payment, so it tells each state once and never goes back. A
 * socket hears a state twice when a node's notification arrives after the socket read the payment
 * (made on another node a moment before), and an older state after a newer one when its read began
 * before a commit that a notification then announced. A payment that has left pending (SPEC 4's
 * display status) never returns to it, so a pending state after one that is not is old news.
 */
export function pushedStates(): (state: PushedState) => boolean {
  const told = new Map<string, PushedState>();
  return (state) => {
    const last = told.get(state.codOper);
    if (last && last.status === state.status && last.authStatus === state.authStatus) return false;
    if (last && !isPending(last) && isPending(state)) return false;
    told.set(state.codOper, state);
    return true;
  };
}
