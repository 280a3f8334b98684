import { paymentDisplayStatus, statusFamilyOf } from '@pasarela/core';

export interface PushedState {
  codOper: string;
  method: string;
  status: number;
  authStatus: string;
}

const isPending = (state: PushedState) => paymentDisplayStatus(statusFamilyOf(state.method), state.status, state.authStatus) === 'pending';

/**
 * Each state told once and never back: a notification may come after the socket's read, or announce an
 * older commit than the read saw. A payment that left pending (SPEC 4) never returns to it.
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
