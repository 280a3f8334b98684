import { Hono } from 'hono';
import * as v from 'valibot';
import { originOf, type Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { startBankPayment } from '../../payments/bankPayment';
import { parseOr400 } from '../../payments/validatePayload';
import { findTransaction } from '../../store/transactions';
import { claveBackUrl } from '../../payments/bankPageReturn';
import { refuseIfPaidElsewhere } from '../../payments/settlePayment';
import { abandonBankPage } from '../../payments/abandonChallenge';
import { payersPaymentOf } from './payersPayment';

const ClaveSchema = v.object(LinkPaymentFields, 'missing_arguments');

/** SPEC 4 Clave: 0 declined, 1 approved, -1 pending; the payer approves on the bank's page. */
export function claveRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/clave/payments', async (c) => {
    const body = parseOr400(ClaveSchema, await readObjectBody(c));
    const origin = originOf(deps, c.req.url);
    const { row: tx, redirectUrl } = await startBankPayment(deps, { ...body, anonymousUserServiceId: guestServiceIdOf(c), lang: c.get('lang'), origin, returnUrl: (codOper) => claveBackUrl(origin, codOper) });
    // The bank's page is absolute, on the bank's origin; a path an adapter gives is read against this origin.
    return reply(c, { codOper: tx.cod_oper, status: tx.status, redirectUrl: new URL(redirectUrl, origin).toString() });
  });
  app.get('/clave/payments/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || tx.method !== 'clave') throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    // Called off because another payment paid its order: which one, so the page that waited says the order is paid, not that the bank refused.
    refuseIfPaidElsewhere(tx);
    // Its auth status tells the bank's refusal (DECLINED) from a wait called off (CANCELLED): both are status 0.
    return reply(c, { codOper: tx.cod_oper, status: tx.status, authStatus: tx.auth_status });
  });
  // docs/api.md: the payer gives up the wait ("Cancelar y usar otro método") before choosing another way
  // to pay: called off first, so the bank cannot also approve it. What the bank answered first stands.
  app.post('/clave/payments/:codOper/cancel', async (c) => {
    // A wallet user's payment is theirs alone to call off (SPEC 6).
    const tx = await payersPaymentOf(deps, c, 'clave');
    const after = await abandonBankPage(deps, tx, 'payer');
    // Called off before because another payment paid its order: which one, so the page says the order is paid.
    refuseIfPaidElsewhere(after);
    return reply(c, { codOper: after.cod_oper, status: after.status, authStatus: after.auth_status });
  });
  return app;
}
