import { YAPPY_PAY_WINDOW_MS } from './constants';
import type { PayerMessageKey } from './errorCodes';

// SPEC 4 "Nequi steps: 1 init, 2 push, 3 QR, 4 end. Step 4 and the paid flag are set when payment
// is confirmed. The clave flow and yappy flow have their own step counters (yappy starts at 1)."
// SPEC 4 "Payment expired (code 619) resets the step and shows the payment_expired message."

export const NEQUI_STEPS = { init: 1, push: 2, qr: 3, end: 4 } as const;
/** Clave: choose, then the bank's page, then the result. */
export const CLAVE_STEPS = { init: 1, bank: 2, end: 3 } as const;
/** Yappy: phone, waiting for the payer to approve in the app, result. */
export const YAPPY_STEPS = { init: 1, waiting: 2, end: 3 } as const;

export interface StepState {
  step: number;
  paid: boolean;
  loading: boolean;
  error: PayerMessageKey | null;
  /** When the current step began (ms), for windows such as Yappy's 5 minutes. */
  startedAt: number | null;
}
type StepAction =
  | { type: 'goTo'; step: number; at?: number }
  | { type: 'loading' }
  | { type: 'confirmed' }
  | { type: 'failed'; error: PayerMessageKey }
  | { type: 'paymentExpired' }
  | { type: 'reset' };

export function initialStepState(first: number): StepState {
  return { step: first, paid: false, loading: false, error: null, startedAt: null };
}

/** One step machine for Nequi, Clave and Yappy: each passes its first and last step. */
function stepReducer(steps: { init: number; end: number }) {
  return (state: StepState, action: StepAction): StepState => {
    switch (action.type) {
      case 'goTo':
        if (state.paid || action.step < steps.init || action.step > steps.end) return state;
        return { ...state, step: action.step, loading: false, error: null, startedAt: action.at ?? state.startedAt };
      case 'loading':
        return { ...state, loading: true, error: null };
      case 'confirmed':
        return { ...state, step: steps.end, paid: true, loading: false, error: null };
      case 'failed':
        return { ...state, loading: false, error: action.error };
      case 'paymentExpired':
        return { ...initialStepState(steps.init), error: 'payment_expired' };
      case 'reset':
        return initialStepState(steps.init);
    }
  };
}

export const nequiReducer = stepReducer(NEQUI_STEPS);
export const claveReducer = stepReducer(CLAVE_STEPS);
export const yappyReducer = stepReducer(YAPPY_STEPS);

/** SPEC 9 "Yappy gives 5 minutes to pay": what is left of the window, 0 when it is over. */
export function yappyRemainingMs(startedAt: number, now: number): number {
  return Math.max(0, startedAt + YAPPY_PAY_WINDOW_MS - now);
}
