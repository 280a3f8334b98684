import { YAPPY_PAY_WINDOW_MS } from './constants';
import type { PayerMessageKey } from './errorCodes';

export const NEQUI_STEPS = { init: 1, push: 2, qr: 3, end: 4 } as const;
export const CLAVE_STEPS = { init: 1, bank: 2, end: 3 } as const;
export const YAPPY_STEPS = { init: 1, waiting: 2, end: 3 } as const;

export interface StepState {
  step: number;
  paid: boolean;
  loading: boolean;
  error: PayerMessageKey | null;
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

export function yappyRemainingMs(startedAt: number, now: number): number {
  return Math.max(0, startedAt + YAPPY_PAY_WINDOW_MS - now);
}
