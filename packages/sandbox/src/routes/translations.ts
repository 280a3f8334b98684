import { Hono } from 'hono';
import { CATALOG_VERSION, catalogFor } from '@pasarela/core';
import type { AppEnv } from '../http/AppEnv';
import { ApiError } from '../http/ApiError';
import { asLanguage } from '../http/language';
import { reply } from '../http/reply';

const GROUPS = ['widget'] as const;

export function translationRoutes() {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET translation version".
  app.get('/translations/version', (c) => reply(c, { version: CATALOG_VERSION }));
  // SPEC 7 "GET translation catalog (conditional lang and group), cached by version".
  app.get('/translations', (c) => {
    const lang = asLanguage(c.req.query('lang') ?? c.get('lang'));
    if (!lang) throw new ApiError(400, 'missing_arguments', 'lang must be es or en');
    const group = c.req.query('group') ?? 'widget';
    if (!(GROUPS as readonly string[]).includes(group)) throw new ApiError(400, 'missing_arguments', 'group must be widget');
    return reply(c, catalogFor(lang));
  });
  return app;
}
