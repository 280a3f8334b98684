import { describe, expect, it } from 'vitest';
import { CLAVE_STEPS, NEQUI_STEPS, YAPPY_STEPS, claveReducer, initialStepState, nequiReducer, yappyReducer, yappyRemainingMs } from './steps';

type StepAction = Parameters<typeof nequiReducer>[1];

const runNequi = (actions: StepAction[]) => actions.reduce(nequiReducer, initialStepState(NEQUI_STEPS.init));

describe('SPEC 4 "Nequi steps: 1 init, 2 push, 3 QR, 4 end."', () => {
  it.each([
    [[], 1, false, null, 'starts at 1'],
    [[{ type: 'goTo', step: 2, at: 5 }], 2, false, null, 'push'],
    [[{ type: 'goTo', step: 3 }], 3, false, null, 'QR'],
    [[{ type: 'goTo', step: 2 }, { type: 'loading' }, { type: 'confirmed' }], 4, true, null, '"Step 4 and the paid flag are set when payment is confirmed"'],
    [[{ type: 'confirmed' }, { type: 'goTo', step: 2 }], 4, true, null, 'a paid flow does not move back'],
    [[{ type: 'goTo', step: 9 }], 1, false, null, 'no such step'],
    [[{ type: 'goTo', step: 0 }], 1, false, null, 'no step before 1 init'],
    [[{ type: 'goTo', step: 3 }, { type: 'goTo', step: 1 }], 1, false, null, 'back to 1 init'],
    [[{ type: 'goTo', step: 4 }], 4, false, null, 'straight to 4 end'],
    [[{ type: 'goTo', step: 2 }, { type: 'failed', error: 'error_pay_push_nequi' }], 2, false, 'error_pay_push_nequi', 'a failure keeps the step'],
    [[{ type: 'goTo', step: 3 }, { type: 'paymentExpired' }], 1, false, 'payment_expired', '"Payment expired (code 619) resets the step and shows the payment_expired message"'],
    [[{ type: 'goTo', step: 3 }, { type: 'reset' }], 1, false, null, 'reset'],
  ] as Array<[StepAction[], number, boolean, string | null, string]>)('%j -> step %s paid %s error %s (%s)', (actions, step, paid, error, _rule) => {
    const s = runNequi(actions);
    expect([s.step, s.paid, s.error]).toEqual([step, paid, error]);
  });

  it('a step machine starts at its first step, not paid, not loading, without error or start time', () => {
    expect(initialStepState(NEQUI_STEPS.init)).toEqual({ step: 1, paid: false, loading: false, error: null, startedAt: null });
  });

  it.each([
    [[{ type: 'loading' }], { loading: true, error: null }, 'loading clears the last error'],
    [[{ type: 'failed', error: 'timeout' }, { type: 'loading' }], { loading: true, error: null }, 'trying again clears the error'],
    [[{ type: 'loading' }, { type: 'goTo', step: 2 }], { step: 2, loading: false }, 'the next step is not loading'],
    [[{ type: 'loading' }, { type: 'confirmed' }], { step: 4, paid: true, loading: false }, 'a confirmed payment is not loading'],
    [[{ type: 'loading' }, { type: 'failed', error: 'timeout' }], { loading: false, error: 'timeout' }, 'a failure is not loading'],
  ] as Array<[StepAction[], object, string]>)('%j -> %j (%s)', (actions, state, _why) => {
    expect(runNequi(actions)).toMatchObject(state);
  });

  it('keeps when the step began', () => {
    expect(runNequi([{ type: 'goTo', step: 2, at: 5 }, { type: 'goTo', step: 3 }]).startedAt).toBe(5);
  });
});

describe('SPEC 4 "The clave flow and yappy flow have their own step counters (yappy starts at 1)."', () => {
  it('clave ends at its own last step', () => {
    expect(claveReducer(initialStepState(CLAVE_STEPS.init), { type: 'confirmed' }).step).toBe(3);
  });

  it('yappy starts at 1 and ends at 3', () => {
    const s = initialStepState(YAPPY_STEPS.init);
    expect(s.step).toBe(1);
    expect(yappyReducer(s, { type: 'confirmed' })).toMatchObject({ step: 3, paid: true });
  });

  it.each([
    [0, 300_000], [60_000, 240_000], [300_000, 0], [400_000, 0],
  ])('SPEC 9 "Yappy gives 5 minutes to pay": %s ms in -> %s left', (elapsed, left) => {
    expect(yappyRemainingMs(1000, 1000 + elapsed)).toBe(left);
  });
});
