import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  DEFAULT_COUNTRY, DEFAULT_HOW_ARRIVE, email, freeText, isStrongPassword, isWalletLogin, LOGIN_LOCK_MS, LOGIN_TRIES_WINDOW_MS, loginRefusal, loginTriesKey, MAX_FAILED_LOGINS, nameLetters,
  randomRegistrationLogin, TEXT_LIMITS, type Language,
} from '@pasarela/core';
import { phoneErrorKey } from '@pasarela/core/phone';
import type { Queryable } from '../../db/Database';
import type { Deps } from '../../Deps';
import { hashPassword, verifyPassword } from '../../passwords/passwordHash';
import { createSession, DEFAULT_SESSION_TTL_MS, endSession, refreshSession } from '../../auth/sessions';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { existingAccountMail, signupCodeMail } from '../../mail/templates';
import { checkCode, sendMail, CODE_TRIES_EXCEEDED } from '../../store/mailbox';
import { pendingRegistrationOf, registrationEmail, renewRegistration, startRegistration } from '../../store/pendingRegistrations';
import { allowMailOr429 } from './mailRefused';
import { clearLoginTries, findUser, findUserByLoginOrEmail, insertSignedUpUser, keepUserLanguage, lockLogin, profileOf, takeLoginTry, type Registration, type UserRow } from '../../store/users';

const text = (max: number) => freeText(max);
// The characters login's password takes (and recovery's new one), so no account gets a password its login refuses.
const strongPassword = v.pipe(freeText(128, { tooLongMessage: 'invalid_password' }), v.check(isStrongPassword, 'invalid_password'));

/** SPEC 3 "Registration payload". */
const RegistrationSchema = v.object(
  {
    email: v.pipe(text(TEXT_LIMITS.email), email()),
    login: v.optional(v.pipe(text(60), v.check(isWalletLogin, 'only_alphanumeric_characters'))),
    name: v.pipe(nameLetters(), v.maxLength(TEXT_LIMITS.name, 'text_too_long')),
    lastname: v.pipe(nameLetters(), v.maxLength(TEXT_LIMITS.name, 'text_too_long')),
    // SPEC 5 invalid_phone_number, as the signup form checks it (a national number is Panama's).
    phone: v.pipe(text(30), v.check((p) => phoneErrorKey(p) === null, 'invalid_phone_number')),
    pwd: strongPassword,
    country: v.optional(text(60)),
    address1: v.optional(text(200)),
    city: v.optional(text(100)),
    returnType: v.optional(text(30)),
    howArrive: v.optional(text(10)),
    emailCode: v.optional(v.pipe(v.string('missing_arguments'), v.regex(/^\d{6}$/, 'invalid_code_validation_tx'))),
  },
  'missing_arguments',
);
/** Step 2 by the handle step 1 answered: with the code, it confirms; alone, the code is sent again. */
const PendingSchema = v.object(
  {
    registrationId: v.pipe(v.string('missing_arguments'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalid_code_validation_tx')),
    emailCode: v.optional(v.pipe(v.string('missing_arguments'), v.regex(/^\d{6}$/, 'invalid_code_validation_tx'))),
  },
  'missing_arguments',
);
const LoginSchema = v.object({ login: text(254), password: text(128) }, 'missing_arguments');

/** A login with no account is checked against it, so it takes as long as a wrong password. */
let noAccount: Promise<string> | undefined;
const noAccountHash = (): Promise<string> => (noAccount ??= hashPassword(randomBytes(24).toString('base64')));

/** One answer per refusal, whatever the account: no message tells a real login from an unknown one. */
function loginRefused(refusal: 'invalid_credentials' | 'account_temp_suspended'): ApiError {
  return refusal === 'invalid_credentials' ? new ApiError(400, 'invalid_credentials', 'login or password is wrong') : new ApiError(423, 'account_temp_suspended');
}

const sessionGone = () => new ApiError(401, 'session_expired', 'Log in again');

/** A session while `user`'s password is still the one read with it; else `refused` (the password changed meanwhile). */
export async function sessionAnswer(deps: Deps, user: UserRow, refused: () => ApiError = sessionGone) {
  const session = await createSession(deps.db, user, deps.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS);
  if (!session) throw refused();
  return { sessionId: session.sessionId, token: session.token, expiresAt: session.expiresAt.toISOString(), user: profileOf(user) };
}

/**
 * The code for a new address, the notice for a registered one (which holds no code), written in the
 * transaction that issues the code, so the address's latest e-mail holds its one live code.
 */
const mailRegistrationCode = (lang: Language) => async (tx: Queryable, to: string, code: string | undefined): Promise<void> => {
  const mail = code === undefined ? existingAccountMail({ lang }) : signupCodeMail({ lang, code });
  await sendMail(tx, { to, kind: 'registration_code', ...mail });
};

/** Step 2 with the handle (the code), or the code sent again (the handle alone). */
async function confirmByHandle(deps: Deps, body: v.InferOutput<typeof PendingSchema>, lang: Language) {
  const waiting = await registrationEmail(deps.db, body.registrationId);
  if (body.emailCode === undefined) {
    // Nothing waits under the handle (confirmed, expired, or a newer sign-up of its address): step 1 again.
    if (!waiting?.live) throw registrationGone();
    await allowMailOr429(deps.db, 'registration_code', { recipient: waiting.email });
    if (!(await renewRegistration(deps.db, body.registrationId, mailRegistrationCode(lang)))) throw registrationGone();
    return { step: 2, message: 'code_sent', registrationId: body.registrationId };
  }
  // Tries counted for the address, as when the payload comes again with the code.
  const checked = await checkCode(deps.db, { purpose: 'register', handle: body.registrationId, code: body.emailCode, consume: true, ...(waiting ? { email: waiting.email } : {}) });
  if (checked === CODE_TRIES_EXCEEDED) throw new ApiError(429, 'code_tries_exceeded');
  const registration = checked ? pendingRegistrationOf(checked) : undefined;
  if (!registration) throw wrongCode();
  return { step: 3, ...(await sessionAnswer(deps, await createAccount(deps, registration, lang))) };
}

const wrongCode = () => new ApiError(400, 'invalid_code_validation_tx', 'emailCode is wrong or expired');

/**
 * The account of a confirmed sign-up. A login another sign-up took since step 1 (in any case) is 409
 * login_taken, an e-mail registered since then a wrong code, as for any registered e-mail.
 */
async function createAccount(deps: Deps, registration: Omit<Registration, 'login'> & { login?: string | undefined }, lang: Language): Promise<UserRow> {
  const user = await insertSignedUpUser(deps.db, registration, lang, randomRegistrationLogin);
  if (user === 'login_taken') throw new ApiError(409, 'login_taken', 'login is already taken: sign up again with another');
  if (user === 'email_taken') throw wrongCode();
  return user;
}

const registrationGone = () => new ApiError(400, 'request_expired', 'no registration waits for a code under this registrationId: step 1 again');

export function userRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 4 "Registration has two steps". Step 1 keeps the registration waiting (store/pendingRegistrations.ts)
  // and answers its handle; step 2 sends the handle and the code, or (as SPEC's callers do) the whole
  // payload again with the code; the handle alone sends the code again.
  app.post('/users/register', async (c) => {
    const raw = await readObjectBody(c);
    if ('registrationId' in raw) return reply(c, await confirmByHandle(deps, parseOr400(PendingSchema, raw), c.get('lang')));
    const body = parseOr400(RegistrationSchema, raw);
    // A registered e-mail gets the same answer as a new one (its owner is told by mail), so the call cannot probe accounts.
    const taken = await findUserByLoginOrEmail(deps.db, body.email);
    if (body.login && (await findUserByLoginOrEmail(deps.db, body.login))) throw new ApiError(409, 'login_taken', 'login is already taken');
    if (!body.emailCode) {
      // Counted alike for a registered e-mail, whose notice takes the place of a code.
      await allowMailOr429(deps.db, 'registration_code', { recipient: body.email });
      // Hashed for a registered e-mail too, so the answer takes as long.
      const passwordHash = await hashPassword(body.pwd);
      const started = await startRegistration(deps.db, body.email, taken ? undefined : {
        ...(body.login ? { login: body.login } : {}), email: body.email, name: body.name, lastname: body.lastname, phone: body.phone,
        country: body.country ?? DEFAULT_COUNTRY, address1: body.address1 ?? '', city: body.city ?? '', howArrive: body.howArrive ?? DEFAULT_HOW_ARRIVE, passwordHash,
      }, mailRegistrationCode(c.get('lang')));
      return reply(c, { step: 2, message: 'code_sent', registrationId: started.handle });
    }
    // Counted for a registered e-mail too, so its answers (wrong, then too many) are a new one's.
    const checked = await checkCode(deps.db, { purpose: 'register', email: body.email, code: body.emailCode, consume: true });
    // Said apart from a wrong code: a new code asked for now would be refused too, until the window ends.
    if (checked === CODE_TRIES_EXCEEDED) throw new ApiError(429, 'code_tries_exceeded');
    if (taken || !checked) throw wrongCode();
    const user = await createAccount(deps, {
      login: body.login, email: body.email, name: body.name, lastname: body.lastname, phone: body.phone,
      country: body.country ?? DEFAULT_COUNTRY, address1: body.address1 ?? '', city: body.city ?? '', howArrive: body.howArrive ?? DEFAULT_HOW_ARRIVE,
      passwordHash: await hashPassword(body.pwd),
    }, c.get('lang'));
    return reply(c, { step: 3, ...(await sessionAnswer(deps, user)) });
  });

  // SPEC 6: login rejects employee accounts. An unknown login is counted, checked and refused as a
  // real one is (PRODUCT.md: "a login answers alike for unknown and real accounts, lockout included").
  app.post('/users/login', async (c) => {
    const body = parseOr400(LoginSchema, await readObjectBody(c));
    const found = await findUserByLoginOrEmail(deps.db, body.login);
    // One count per account whatever the spelling; counted before the password is checked, so concurrent guesses cannot share a try.
    const key = loginTriesKey(found, body.login);
    const tryNumber = await takeLoginTry(deps.db, key, MAX_FAILED_LOGINS, LOGIN_LOCK_MS, LOGIN_TRIES_WINDOW_MS);
    if (loginRefusal(tryNumber, null)) throw loginRefused('account_temp_suspended');
    const matches = await verifyPassword(body.password, found ? found.password_hash : await noAccountHash());
    const refusal = loginRefusal(tryNumber, found !== undefined && matches);
    if (refusal === 'account_temp_suspended') await lockLogin(deps.db, key, LOGIN_LOCK_MS);
    if (refusal || !found) throw loginRefused(refusal ?? 'invalid_credentials');
    await clearLoginTries(deps.db, [key]);
    if (found.is_employee) throw new ApiError(403, 'Invalid User');
    await keepUserLanguage(deps.db, found.id, c.get('lang'));
    // Opened only while the password checked is still the account's: a recovery that set a new one meanwhile wins.
    return reply(c, await sessionAnswer(deps, found, () => loginRefused('invalid_credentials')));
  });

  // SPEC 7 "GET refresh login": the token is exchanged once; one ended meanwhile (logout, a new password) is 401.
  app.get('/users/refresh-login', async (c) => {
    const refreshed = await refreshSession(deps.db, c.req.header('authorization'), deps.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS);
    const user = refreshed && (await findUser(deps.db, refreshed.userId));
    if (!refreshed || !user) throw sessionGone();
    const { session } = refreshed;
    return reply(c, { sessionId: session.sessionId, token: session.token, expiresAt: session.expiresAt.toISOString(), user: profileOf(user) });
  });
  app.post('/users/logout', async (c) => {
    await endSession(deps.db, c.req.header('authorization'));
    return reply(c, { loggedOut: true });
  });
  return app;
}
