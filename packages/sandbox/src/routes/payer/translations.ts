import { Hono } from 'hono';
import { CATALOG_VERSION, catalogFor, wrapEnvelope, type Language } from '@pasarela/core';
import type { AppEnv } from '../../http/AppEnv';
import { ApiError } from '../../errors/ApiError';
import { asLanguage } from '../../http/language';
import { constantBody } from '../../http/constantBody';
import { reply, statusDescription } from '../../http/reply';
import { catalogFingerprint } from '../catalogFingerprint';

const GROUPS = ['widget'] as const;

export function translationRoutes() {
  const app = new Hono<AppEnv>();
  // The catalog's answer is the same for every payer of a language: made and gzipped once.
  const answers = new Map<string, (acceptEncoding: string | undefined) => Response>();
  const catalogAnswer = (lang: Language, encoded: boolean) => {
    const key = `${lang}:${encoded}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = constantBody(JSON.stringify(wrapEnvelope(200, statusDescription(200), catalogFor(lang), encoded)), 'application/json');
      answers.set(key, answer);
    }
    return answer;
  };
  // SPEC 7 "GET translation version".
  app.get('/translations/version', (c) => reply(c, { version: CATALOG_VERSION }));
  // SPEC 7 "GET translation catalog (conditional lang and group), cached by version".
  app.get('/translations', (c) => {
    const lang = asLanguage(c.req.query('lang') ?? c.get('lang'));
    if (!lang) throw new ApiError(400, 'missing_arguments', 'lang must be es or en');
    const group = c.req.query('group') ?? 'widget';
    if (!(GROUPS as readonly string[]).includes(group)) throw new ApiError(400, 'missing_arguments', 'group must be widget');
    const answer = catalogAnswer(lang, c.get('wireEncoding'))(c.req.header('accept-encoding'));
    // Its fingerprint's address (the one the widget page names) never changes its answer: cached for
    // good, so a later open asks nothing of the network. Without it, asked again.
    answer.headers.set('cache-control', c.req.query('v') === catalogFingerprint(lang) ? 'public, max-age=31536000, immutable' : 'no-cache');
    return answer;
  });
  return app;
}
