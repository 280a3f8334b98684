import { useState } from 'react';
import { t } from '../i18n/i18n';
import { PoliteNote } from '../ui/PoliteNote';
import type { AttemptPhase } from './attemptStore';
import { focusMethodChoiceAfter } from './methodChoiceFocus';

/**
 * "Cancelar y usar otro método": the wait goes, the focus to the method chosen (focusMethodChoiceAfter),
 * and, once the request is called off, a polite status says so (`note`, on the form the wait gives way
 * to) until the payer tries again. A wait that stayed (leaving failed) says nothing new.
 */
export function useLeaveWait(phase: AttemptPhase, currentPhase: () => AttemptPhase) {
  const [left, setLeft] = useState(0);
  return {
    leave: (leaving: unknown) =>
      void focusMethodChoiceAfter(leaving).then(() => {
        if (currentPhase() === 'idle') setLeft((n) => n + 1);
      }),
    note: <PoliteNote key={left} className="visually-hidden" text={left > 0 && phase === 'idle' ? t('wait_called_off') : null} />,
  };
}
