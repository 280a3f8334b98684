import { Hono } from 'hono';
import type { Deps } from '../Deps';
import { originOf } from '../Deps';
import type { AppEnv } from '../http/AppEnv';
import { asLanguage } from '../http/language';
import { readObjectBody } from '../http/readBody';
import { reply } from '../http/reply';
import { payByCard } from '../payments/payByCard';

export function cardRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "POST card auth-capture on the secure host".
  app.post('/cards/auth-capture', async (c) => {
    const body = await readObjectBody(c);
    const lang = asLanguage(body['lang']) ?? c.get('lang');
    c.set('lang', lang);
    const answer = await payByCard(deps, body, { lang, origin: originOf(deps, c.req.url), guest: !c.req.header('authorization') });
    return reply(c, answer);
  });
  return app;
}
