import { t } from '../i18n/i18n';

/** Always in the page, so a screen reader hears the words when they appear (STYLE "One polite announcer"). */
export function PayingStatus({ paying }: { paying: boolean }) {
  return (
    <p className="visually-hidden" role="status">
      {paying ? t('processing_payment') : ''}
    </p>
  );
}
