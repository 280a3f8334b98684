import { PasarelaError, payerMessage, SPECIFIC_ERROR_CODES } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { MessagePage } from '../../ui/MessagePage';
import { LinkShopMessage } from '../../ui/LinkShopMessage';
import type { RouteOf } from '../../services/routeTypes';
import { readyScreen, type ScreenModule } from '../../services/screen';

/** Only the catalogue's text for the code, never the address's own text. */
export const responseMessageModule: ScreenModule<RouteOf<'responseMessage'>> = {
  prepare(route) {
    const message = payerMessage(new PasarelaError({ code: route.code || 'error_to_load', category: 'api' }));
    // SPEC 8 "3001 payment station not found (message result_not_found ...)": the title names the
    // station, the text is result_not_found. Read as the page renders, so the whole catalogue's
    // words replace the first screen's when they arrive (never the bare key).
    const station = route.code === SPECIFIC_ERROR_CODES.stationNotFound;
    // An expired link's page: its shop named, what to do to pay, and the way back to it.
    if (route.link) return readyScreen(() => <LinkShopMessage title={t(message.key)} type={route.linkType || 'lk'} code={route.link ?? ''} expired={route.code === SPECIFIC_ERROR_CODES.expiredLink} />);
    return readyScreen(() => <MessagePage title={t(message.key)} hint={station ? t('result_not_found') : undefined} />);
  },
};

export const notFoundModule: ScreenModule<RouteOf<'notFound'>> = {
  prepare: () => readyScreen(() => <MessagePage title={t('page_not_found')} hint={t('page_not_found_hint')} />),
};
