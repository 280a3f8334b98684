import { SPECIFIC_ERROR_CODES } from './errorCodes';
import type { CatalogKey } from './i18n/index';

type StepStatus = 'idle' | 'loading' | 'success' | 'error';

interface RegistrationState {
  step: 1 | 2 | 3;
  status: StepStatus;
  error: CatalogKey | null;
}
type RegistrationAction =
  | { type: 'submit' }
  | { type: 'submitSuccess' }
  | { type: 'submitFailure'; code: string; message: CatalogKey }
  | { type: 'confirm' }
  | { type: 'confirmSuccess' }
  | { type: 'confirmFailure'; message: CatalogKey }
  /** A new e-mail code sent on step 2. */
  | { type: 'codeResent' }
  | { type: 'reset' };

/**
 * A new code answers the refusal of a wrong one, never the lock after too many wrong ones
 * (code_tries_exceeded): it counts across codes, so the new one is refused too until it ends.
 */
const errorAfterResend = (error: CatalogKey | null): CatalogKey | null => (error === 'code_tries_exceeded' ? error : null);

export const initialRegistrationState: RegistrationState = { step: 1, status: 'idle', error: null };

export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'submit':
    case 'confirm':
      return { ...state, status: 'loading', error: null };
    case 'submitSuccess':
      return { step: 2, status: 'idle', error: null };
    case 'submitFailure':
      // 220: the account exists but is unconfirmed, so the e-mail code step still applies.
      return action.code === SPECIFIC_ERROR_CODES.registrationProceeds
        ? { step: 2, status: 'idle', error: null }
        : { ...state, status: 'error', error: action.message };
    case 'confirmSuccess':
      return { step: 3, status: 'success', error: null };
    case 'confirmFailure':
      return { ...state, status: 'error', error: action.message };
    case 'codeResent': {
      const error = errorAfterResend(state.error);
      return { step: 2, status: error ? 'error' : 'idle', error };
    }
    case 'reset':
      return initialRegistrationState;
  }
}

interface RecoveryState {
  step: 1 | 2 | 3;
  status: StepStatus;
  idUsr: number | null;
  /** Set once step 3 succeeds: the widget then logs in with the new password. */
  autoLogin: boolean;
  error: CatalogKey | null;
}
type RecoveryAction =
  | { type: 'request' }
  | { type: 'success'; idUsr?: number }
  | { type: 'failure'; message: CatalogKey }
  /** A new e-mail code sent on step 2. */
  | { type: 'codeResent' }
  | { type: 'reset' };

export const initialRecoveryState: RecoveryState = { step: 1, status: 'idle', idUsr: null, autoLogin: false, error: null };

export function recoveryReducer(state: RecoveryState, action: RecoveryAction): RecoveryState {
  switch (action.type) {
    case 'request':
      return { ...state, status: 'loading', error: null };
    case 'failure':
      return { ...state, status: 'error', error: action.message };
    case 'codeResent': {
      const error = errorAfterResend(state.error);
      return { ...state, status: error ? 'error' : 'idle', error };
    }
    case 'reset':
      return initialRecoveryState;
    case 'success':
      if (state.step === 1) return { ...state, step: 2, status: 'idle', idUsr: action.idUsr ?? state.idUsr };
      if (state.step === 2) return { ...state, step: 3, status: 'idle' };
      return { ...state, status: 'success', autoLogin: true };
  }
}

export function recoveryBody(
  step: 1 | 2 | 3,
  values: { loginOrEmail?: string; idUsr?: number | null; confirmationCode?: string; newPassword?: string },
): Record<string, string | number> {
  if (step === 1) return { loginOrEmail: (values.loginOrEmail ?? '').trim() };
  if (step === 2) return { idUsr: values.idUsr ?? 0, confirmationCode: (values.confirmationCode ?? '').trim() };
  return { confirmationCode: (values.confirmationCode ?? '').trim(), newPassword: values.newPassword ?? '' };
}
