import { isCaptchaRefusal } from '@pasarela/core';
import { t } from '../i18n/i18n';

/**
 * Inside an alert, after what went wrong: what the payer does next when they can put it right here.
 * A refused captcha, on any method's screen, says to tick the box again, in the words the captcha box
 * itself says beside its own refusal; said with the alert, in its live region.
 */
export function NextStep({ messageKey }: { messageKey: string }) {
  return isCaptchaRefusal(messageKey) ? <p className="alert__text">{t('captcha_required')}</p> : null;
}
