import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { freeText } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { guestServiceIdOf } from '../../auth/callerAuth';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { LinkPaymentFields } from '../../payments/linkPayment';
import { issueVoucherPayment } from '../../payments/voucherPayment';
import { cashPaymentOf } from '../../payments/cashResult';
import { parseOr400 } from '../../payments/validatePayload';

/** SPEC 7 pay-cash / cash-point body (cclw, amount, taxAmount, email, phone, concept, ...), plus the link code. */
const CashSchema = v.object({
  ...LinkPaymentFields,
  cclw: v.optional(v.pipe(freeText(60, { tooLongMessage: 'missing_arguments' }))),
}, 'missing_arguments');

export function cashRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const issue = (network: 'PAYCASH' | 'PC') => async (c: Context<AppEnv>) => {
    const body = parseOr400(CashSchema, await readObjectBody(c));
    const result = await issueVoucherPayment(deps, { ...body, network, anonymousUserServiceId: guestServiceIdOf(c), lang: c.get('lang'), origin: originOf(deps, c.req.url) });
    // SPEC 4: a pay-cash result code starting with 1 is success; a cash-point text is "1|<codOper>".
    return reply(c, network === 'PAYCASH' ? { ...result, resultCode: '100' } : { ...result, result: `1|${result.Oper}` });
  };
  app.post('/cash/pay-cash', issue('PAYCASH'));
  app.post('/cash/registration', issue('PAYCASH'));
  app.post('/cash/cash-point', issue('PC'));
  app.get('/cash/payments/:codOper', async (c) => reply(c, await cashPaymentOf(deps, c.req.param('codOper'))));
  return app;
}
