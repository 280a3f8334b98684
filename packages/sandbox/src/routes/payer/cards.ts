import { Hono, type Context } from 'hono';
import { CardPaymentPayloadSchema, SubscriptionProcessTxSchema, activatesSubscriptionBody } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { asLanguage } from '../../http/language';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { payByCard } from '../../payments/payByCard';
import { guestServiceIdOf } from '../../auth/callerAuth';
import { parseOr400 } from '../../payments/validatePayload';
import { payAndActivateSubscription } from '../../payments/subscriptionPayment';
import { abandonCardChallenge } from '../../payments/abandonChallenge';
import { cardAnswerOf } from '../../payments/cardAnswer';
import { receiptAnswerOf } from './receipts';
import { payersPaymentOf, walletUserOf } from './payersPayment';

export function cardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "POST card auth-capture".
  const pay = async (c: Context<AppEnv>) => payCard(c, await readObjectBody(c));
  const payCard = async (c: Context<AppEnv>, body: Record<string, unknown>) => {
    const lang = asLanguage(body['lang']) ?? c.get('lang');
    c.set('lang', lang);
    const userId = await walletUserOf(deps, c);
    const payload = parseOr400(CardPaymentPayloadSchema, body);
    const { answer, receipt } = await payByCard(deps, payload, { lang, origin: originOf(deps, c.req.url), anonymousUserServiceId: guestServiceIdOf(c), userId });
    // An approved payment's answer carries its receipt, so the checkout needs no round trip (docs/api.md).
    return reply(c, receipt ? { ...answer, receipt: receiptAnswerOf(receipt.row, receipt.merchant, receipt.returnUrl, lang) } : answer);
  };
  // SPEC 7 "POST subscription payment via process tx".
  const payOrActivate = async (c: Context<AppEnv>) => {
    const body = await readObjectBody(c);
    if (!activatesSubscriptionBody(body)) return payCard(c, body);
    const { requestPay, activateSubscription, idMerchant } = parseOr400(SubscriptionProcessTxSchema, body);
    c.set('lang', requestPay.lang);
    return reply(c, await payAndActivateSubscription(deps, {
      subscriptionKey: activateSubscription.subscriptionKey, idSubscription: activateSubscription.idSubscription, idMerchant, amount: requestPay.amount, isOldVersion: requestPay.isOldVersion,
      cardInformation: requestPay.cardInformation, email: requestPay.email, trackId: requestPay.additionalData.trackId, captchaToken: requestPay.additionalData.captchaToken, lang: requestPay.lang,
      customFieldValues: requestPay.customFieldValues,
      anonymousUserServiceId: guestServiceIdOf(c), origin: originOf(deps, c.req.url),
    }));
  };
  app.post('/cards/auth-capture', pay);
  // docs/api.md: the payer leaves a 3DS challenge for another card or method.
  app.post('/cards/payments/:codOper/abandon', async (c) => {
    // A wallet user's payment is theirs alone to leave (SPEC 6).
    const tx = await payersPaymentOf(deps, c, 'card');
    return reply(c, cardAnswerOf(await abandonCardChallenge(deps, tx), c.get('lang')));
  });
  // SPEC 7 "POST process tx (v1 and v2, form)": a card auth-capture, or the subscription payment with activateSubscription.
  app.post('/process-tx', payOrActivate);
  app.post('/v2/process-tx', payOrActivate);
  app.post('/process-tx/form', pay);
  return app;
}
