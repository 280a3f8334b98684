import { describe, expect, it } from 'vitest';
import { initialRecoveryState, initialRegistrationState, recoveryBody, recoveryReducer, registrationReducer } from './authFlows';

type RegistrationAction = Parameters<typeof registrationReducer>[1];
type RecoveryAction = Parameters<typeof recoveryReducer>[1];

describe('SPEC 4 "Registration has two steps"', () => {
  const run = (actions: RegistrationAction[]) => actions.reduce(registrationReducer, initialRegistrationState);
  it.each([
    ['"step 1 submit, on success ... it moves to step 2"', [{ type: 'submit' }, { type: 'submitSuccess' }], { step: 2, status: 'idle', error: null }],
    ['"or on error code 220 it moves to step 2"', [{ type: 'submit' }, { type: 'submitFailure', code: '220', message: 'exists' }], { step: 2, status: 'idle', error: null }],
    ['another error stays on step 1 with its message', [{ type: 'submit' }, { type: 'submitFailure', code: '400', message: 'bad' }], { step: 1, status: 'error', error: 'bad' }],
    ['"confirming the code logs the user in and moves to step 3"', [{ type: 'submitSuccess' }, { type: 'confirm' }, { type: 'confirmSuccess' }], { step: 3, status: 'success', error: null }],
    ['"step 1 submit" waits for the answer', [{ type: 'submit' }], { step: 1, status: 'loading', error: null }],
    ['a wrong code stays on step 2', [{ type: 'submitSuccess' }, { type: 'confirm' }, { type: 'confirmFailure', message: 'wrong' }], { step: 2, status: 'error', error: 'wrong' }],
    ['reset', [{ type: 'submitSuccess' }, { type: 'reset' }], initialRegistrationState],
    ['a new code answers a wrong one\'s refusal', [{ type: 'submitSuccess' }, { type: 'confirmFailure', message: 'invalid_code_validation_tx' }, { type: 'codeResent' }], { step: 2, status: 'idle', error: null }],
    ['"Demasiados códigos equivocados ... espera 10 minutos" stays after a new code: the lock counts across codes', [{ type: 'submitSuccess' }, { type: 'confirmFailure', message: 'code_tries_exceeded' }, { type: 'codeResent' }], { step: 2, status: 'error', error: 'code_tries_exceeded' }],
  ] as Array<[string, RegistrationAction[], unknown]>)('%s', (_rule, actions, state) => {
    expect(run(actions)).toEqual(state);
  });
});

describe('SPEC 4 "Password recovery has three steps ... Each has success, error and reset states."', () => {
  const run = (actions: RecoveryAction[]) => actions.reduce(recoveryReducer, initialRecoveryState);
  it.each([
    ['request with login or email -> step 2 with the user id', [{ type: 'request' }, { type: 'success', idUsr: 7 }], { step: 2, status: 'idle', idUsr: 7, autoLogin: false, error: null }],
    ['confirm code -> step 3', [{ type: 'success', idUsr: 7 }, { type: 'request' }, { type: 'success' }], { step: 3, status: 'idle', idUsr: 7, autoLogin: false, error: null }],
    ['set new password then auto login', [{ type: 'success' }, { type: 'success' }, { type: 'success' }], { step: 3, status: 'success', idUsr: null, autoLogin: true, error: null }],
    ['a request waits for the answer', [{ type: 'request' }], { step: 1, status: 'loading', idUsr: null, autoLogin: false, error: null }],
    ['error keeps the step', [{ type: 'success', idUsr: 7 }, { type: 'failure', message: 'bad code' }], { step: 2, status: 'error', idUsr: 7, autoLogin: false, error: 'bad code' }],
    ['reset', [{ type: 'success', idUsr: 7 }, { type: 'reset' }], initialRecoveryState],
    ['a new code answers a wrong one\'s refusal', [{ type: 'success', idUsr: 7 }, { type: 'failure', message: 'invalid_code_validation_tx' }, { type: 'codeResent' }], { step: 2, status: 'idle', idUsr: 7, autoLogin: false, error: null }],
    ['the lock after too many wrong codes stays after a new code', [{ type: 'success', idUsr: 7 }, { type: 'failure', message: 'code_tries_exceeded' }, { type: 'codeResent' }], { step: 2, status: 'error', idUsr: 7, autoLogin: false, error: 'code_tries_exceeded' }],
  ] as Array<[string, RecoveryAction[], unknown]>)('%s', (_rule, actions, state) => {
    expect(run(actions)).toEqual(state);
  });

  it.each([
    [1, { loginOrEmail: ' ana@example.com ' }, { loginOrEmail: 'ana@example.com' }],
    [2, { idUsr: 7, confirmationCode: ' 1234 ' }, { idUsr: 7, confirmationCode: '1234' }],
    [3, { confirmationCode: '1234', newPassword: 'Abcdef1!' }, { confirmationCode: '1234', newPassword: 'Abcdef1!' }],
    [3, { confirmationCode: ' 1234 ', newPassword: 'Abcdef1!' }, { confirmationCode: '1234', newPassword: 'Abcdef1!' }],
    [1, {}, { loginOrEmail: '' }],
    [2, {}, { idUsr: 0, confirmationCode: '' }],
    [3, {}, { confirmationCode: '', newPassword: '' }],
  ] as const)('SPEC 7 recovery body for step %s', (step, values, body) => {
    expect(recoveryBody(step, values)).toEqual(body);
  });
});
