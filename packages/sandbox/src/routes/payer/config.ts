import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../http/AppEnv';
import { ApiError } from '../../errors/ApiError';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { sandboxCaptchaAnswer } from '../../payments/captchaVerdict';

const COUNTRIES = [
  { code: 'PA', name: 'Panamá', dialCode: '+507' },
  { code: 'CO', name: 'Colombia', dialCode: '+57' },
  { code: 'CR', name: 'Costa Rica', dialCode: '+506' },
  { code: 'MX', name: 'México', dialCode: '+52' },
  { code: 'US', name: 'Estados Unidos', dialCode: '+1' },
  { code: 'ES', name: 'España', dialCode: '+34' },
  { code: 'VE', name: 'Venezuela', dialCode: '+58' },
  { code: 'EC', name: 'Ecuador', dialCode: '+593' },
  { code: 'PE', name: 'Perú', dialCode: '+51' },
  { code: 'AR', name: 'Argentina', dialCode: '+54' },
  { code: 'CL', name: 'Chile', dialCode: '+56' },
  { code: 'DO', name: 'República Dominicana', dialCode: '+1' },
  { code: 'GT', name: 'Guatemala', dialCode: '+502' },
] as const;

/** Sandbox keys the widget reads from system config (SPEC 7 "props::GOOGLE or props::{kind}"). */
const SYSTEM_PROPS: Readonly<Record<string, Record<string, string>>> = {
  GOOGLE: { captchaSiteKey: 'sandbox-captcha-site-key', captchaVersion: 'v2' },
  FINGERPRINT: { publicKey: 'sandbox-fingerprint-key', integration: 'FINGER_PRINT' },
};

const CaptchaSchema = v.object({
  token: v.pipe(v.string('missing_arguments'), v.minLength(1, 'missing_arguments'), v.maxLength(4096, 'error_captcha')),
  siteKey: v.pipe(v.string('missing_arguments'), v.maxLength(200, 'error_captcha')),
  userAction: v.literal('CHECKOUT', 'missing_arguments'),
}, 'missing_arguments');

export function configRoutes() {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET countries (sorted by country name)".
  app.get('/countries', (c) => reply(c, { countries: [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, 'es')) }));
  // SPEC 7 "GET IP-based country info": the sandbox places every payer in Panama unless told otherwise.
  app.get('/ip-country', (c) => {
    const ip = (c.req.header('x-forwarded-for') ?? '').split(',')[0]?.trim() || '127.0.0.1';
    const wanted = c.req.query('country');
    const country = COUNTRIES.find((x) => x.code === wanted) ?? COUNTRIES[0];
    return reply(c, { ip, countryCode: country.code, countryName: country.name, dialCode: country.dialCode });
  });
  app.get('/system-config', (c) => {
    const raw = c.req.query('props') ?? 'props::GOOGLE';
    const kind = /^props::([A-Z_]{1,40})$/.exec(raw)?.[1];
    const props = kind ? SYSTEM_PROPS[kind] : undefined;
    if (!props) throw new ApiError(404, 'not_found', 'props must be props::GOOGLE or props::FINGERPRINT');
    return reply(c, { kind, props });
  });
  // SPEC 7 "POST captcha check (v2)"; the tokens 'fail' and 'fail-score' play a bot, anything else a person.
  app.post('/captcha/check', async (c) => {
    const body = parseOr400(CaptchaSchema, await readObjectBody(c));
    return reply(c, sandboxCaptchaAnswer(body.token));
  });
  // SPEC 7 "Access token call": a short-lived token for the hosted fields.
  app.post('/access-token', (c) => reply(c, { accessToken: randomBytes(24).toString('hex'), expiresIn: 900, tokenType: 'Bearer' }));
  return app;
}
