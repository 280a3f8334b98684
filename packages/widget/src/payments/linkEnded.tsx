import { isFinalMessage } from '@pasarela/core';
import { AttemptAlert } from './AttemptAlert';
import type { AttemptState } from './attemptStore';

/**
 * The link ended (expired, or no longer there: core's isFinalMessage): nothing sent again can work, so under
 * the method's title (in the screen's own frame, `className`) the message alone, focused, with no retry and
 * no form; null otherwise. useAttempt has already taken the method choice and the captcha away.
 */
export function linkEnded(current: AttemptState<unknown>, className: string, title: string) {
  if (current.phase !== 'failed' || !current.message || !isFinalMessage(current.message)) return null;
  return (
    <div className={className}>
      <h2 className="method__title">{title}</h2>
      <AttemptAlert message={current.message} focusAlert />
    </div>
  );
}
