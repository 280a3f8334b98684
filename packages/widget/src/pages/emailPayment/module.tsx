import { EmailPaymentRequestSchema, emailPaymentRefusalPath, isPasarelaError, payerMessage } from '@pasarela/core';
import { checkoutModule } from '../../checkout/checkoutModule';
import type { RouteOf } from '../../services/routeTypes';
import type { PreparedScreen, ScreenModule } from '../../services/screen';
import { EmailPaymentView, type EmailPaymentOutcome } from './EmailPaymentView';

export const emailPaymentModule: ScreenModule<RouteOf<'emailPayment'>> = {
  prepare(route, services) {
    let outcome: EmailPaymentOutcome = { kind: 'failed', message: { key: 'error_to_load' } };
    const ready = (async () => {
      try {
        const request = await services.api.get(`email-payments/${encodeURIComponent(route.token)}`, EmailPaymentRequestSchema);
        const screen = checkoutModule.prepare({ name: 'checkout', type: 'lk', code: request.code }, services);
        outcome = { kind: 'checkout', request, screen };
        await screen.ready;
      } catch (error) {
        const to = isPasarelaError(error) ? emailPaymentRefusalPath(error.code) : null;
        outcome = to ? { kind: 'refused', to } : { kind: 'failed', message: payerMessage(error) };
      }
    })();
    return { ready, View: () => <EmailPaymentView outcome={outcome} /> };
  },
};
