import { Hono, type Context } from 'hono';
import type { Deps } from '../Deps';
import type { AppEnv } from '../http/AppEnv';
import { asLanguage } from '../http/language';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { payByCard } from '../payments/payByCard';
import { userIdOf } from '../auth/sessions';
import { guestServiceIdOf } from '../auth/callerAuth';

export function cardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "POST card auth-capture on the secure host".
  const pay = async (c: Context<AppEnv>) => {
    const body = await readObjectBody(c);
    const lang = asLanguage(body['lang']) ?? c.get('lang');
    c.set('lang', lang);
    const auth = c.req.header('authorization');
    const userId = auth ? await userIdOf(deps.db, auth) : undefined;
    const answer = await payByCard(deps, body, { lang, origin: new URL(c.req.url).origin, anonymousUserServiceId: guestServiceIdOf(c), userId });
    return reply(c, answer);
  };
  app.post('/cards/auth-capture', pay);
  // SPEC 7 "POST process tx (v1 and v2, form variant)": the sandbox runs them as a card auth-capture.
  app.post('/process-tx', pay);
  app.post('/v2/process-tx', pay);
  app.post('/process-tx/form', pay);
  return app;
}
