import { Hono } from 'hono';
import * as v from 'valibot';
import { freeText, isStrongPassword, loginTriesKey } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { hashPassword } from '../../passwords/passwordHash';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema } from '../../http/idSchema';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { recoveryCodeMail } from '../../mail/templates';
import { checkCode, sendMail, CODE_TRIES_EXCEEDED } from '../../store/mailbox';
import { startRecovery } from '../../store/recoveryHandles';
import { clearLoginTries, findUser, findUserByLoginOrEmail, setPassword } from '../../store/users';
import { sessionAnswer } from './users';
import { allowMailOr429 } from './mailRefused';

const code = v.pipe(v.string('missing_arguments'), v.regex(/^\d{6}$/, 'invalid_code_validation_tx'));
/** SPEC's idUsr carries the recovery's handle (store/recoveryHandles.ts), in the range of ids. */
const userId = idSchema();

const NewPasswordSchema = v.object(
  { idUsr: userId, confirmationCode: code, newPassword: v.pipe(freeText(128, { tooLongMessage: 'invalid_password' }), v.check(isStrongPassword, 'invalid_password')) },
  'missing_arguments',
);

/** SPEC 7 "POST recovery password": the step is told by which fields are sent. */
const RecoverySchema = v.union(
  [
    v.object({ loginOrEmail: v.pipe(freeText(254, { tooLongMessage: 'invalid_length' }), v.minLength(1, 'missing_arguments')) }),
    v.object({ idUsr: userId, confirmationCode: code }),
  ],
  'missing_arguments',
);

export function recoveryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/users/recovery-password', async (c) => {
    const raw = await readObjectBody(c);
    // A new password sent is step 3 whatever else it holds: one it refuses is never read as step 2's check.
    const newPassword = 'newPassword' in raw ? parseOr400(NewPasswordSchema, raw) : undefined;
    const body = newPassword ?? parseOr400(RecoverySchema, raw);
    if ('loginOrEmail' in body) {
      const user = await findUserByLoginOrEmail(deps.db, body.loginOrEmail);
      // Step 1 answers alike whether or not an account has this login: a handle of the same kind,
      // never the account's id, so the call cannot probe who is registered.
      // Counted for the account's address, or for the text asked when no account has it, so a refusal tells neither apart.
      await allowMailOr429(deps.db, 'recovery_code', { recipient: user ? user.email : body.loginOrEmail });
      const started = await startRecovery(deps.db, body.loginOrEmail, user);
      if (user && started.code !== undefined) await sendMail(deps.db, { to: user.email, kind: 'recovery_code', ...recoveryCodeMail({ lang: c.get('lang'), code: started.code }) });
      return reply(c, { step: 2, idUsr: started.handle });
    }
    const consume = newPassword !== undefined;
    const found = await checkCode(deps.db, { purpose: 'recovery', handle: body.idUsr, code: body.confirmationCode, consume });
    if (found === CODE_TRIES_EXCEEDED) throw new ApiError(429, 'code_tries_exceeded');
    if (!found || found.user_id === null) throw new ApiError(400, 'invalid_code_validation_tx', 'confirmationCode is wrong or expired');
    if (!newPassword) return reply(c, { step: 3, valid: true });
    // Every older session ends with the old password.
    await setPassword(deps.db, found.user_id, await hashPassword(newPassword.newPassword));
    const user = await findUser(deps.db, found.user_id);
    if (!user) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    // A new password opens the account's locked login, however it is spelt.
    await clearLoginTries(deps.db, [loginTriesKey(user, user.login)]);
    return reply(c, { step: 4, ...(await sessionAnswer(deps, user)) });
  });
  return app;
}
