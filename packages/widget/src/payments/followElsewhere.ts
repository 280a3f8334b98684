import type { WaitingPayment } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { standing, type Standing } from './waitingElsewhere';
import { watchPayment, type WatchOptions } from './watchPayment';

/**
 * The payment the screen asks about, followed live as every wait screen follows its own: the push
 * socket says when to look, polls cover a socket that fails. `onEnd` hears it paid or over once; an
 * answer that is not that payment, or a read refused, leaves the question as it was. Returns `stop`.
 */
export function followElsewhere(
  api: ApiClient, payment: WaitingPayment, pushUrl: string | null, onEnd: (answer: Standing) => void,
  watch: <T>(options: WatchOptions<T>) => () => void = watchPayment,
  /** Each answer that it still waits (coins received meanwhile, say). */
  onWaiting: (answer: Standing) => void = () => undefined,
): () => void {
  return watch<Standing | null>({
    pushUrl,
    check: () => standing(api, payment),
    isFinal: (answer) => answer === null || answer.state !== 'waiting',
    onAnswer: (answer) => {
      if (answer && answer.state !== 'waiting') onEnd(answer);
      else if (answer) onWaiting(answer);
    },
    onRefused: () => undefined,
  });
}
