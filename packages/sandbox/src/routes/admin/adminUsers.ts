import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { requireOperator, scopedMerchant } from '../../auth/adminAccess';
import * as v from 'valibot';
import { CARD_BRANDS, isStrongPassword, isWalletLogin, randomRegistrationLogin, amountToCents, centsToAmount, formatAmount, freeText, moneySchema, TEXT_LIMITS } from '@pasarela/core';
import { storedCard } from '../../payments/cardFingerprint';
import type { Deps } from '../../Deps';
import { hashPassword } from '../../passwords/passwordHash';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { listMail } from '../../store/mailbox';
import { addUserService, insertWalletUser, profileOf } from '../../store/users';
import { saveUserCard } from '../../store/userCards';

const adminText = (field: string, max: number) =>
  freeText(max, { missingMessage: `${field} must be a string`, tooLongMessage: `${field} is too long`, charactersMessage: `${field} must not hold control or bidi characters` });

/**
 * A saved test card as the wallet keeps it: its brand and last four (charged by the token kept with them).
 * Never its number: no card number reaches the server (PRODUCT.md), so one sent here is refused, not read.
 */
const SavedTestCardSchema = v.pipe(
  v.unknown(),
  v.check((card) => typeof card !== 'string' && typeof card !== 'number', 'cards[] must be { brand, last4 }: the server takes no card number'),
  v.strictObject({
    brand: v.picklist(CARD_BRANDS, `cards[].brand must be one of: ${CARD_BRANDS.join(', ')}`),
    last4: v.pipe(v.string('cards[].last4 must be exactly four digits'), v.regex(/^\d{4}$/, 'cards[].last4 must be exactly four digits')),
  }, 'cards[] must be { brand, last4 }'),
);

/**
 * The most a test wallet starts with. A wallet's balance is in dollars (GET /users/me/balance answers
 * USD), so its refusal names this limit in dollars alone, a balance past what the cents column holds
 * included: the schema does not name both currencies' column limits (moneySchema's `sizeCheckedInCurrency`).
 */
const MAX_STARTING_BALANCE = 1_000_000;
const startingBalanceRefusal = `balance must not exceed ${formatAmount(MAX_STARTING_BALANCE, 'en', 'USD')}`;

const NewUserSchema = v.object({
  email: v.pipe(adminText('email', TEXT_LIMITS.email), v.email('email is not an e-mail address')),
  password: v.pipe(v.string('password is required'), v.check(isStrongPassword, 'password needs 8+ characters with upper, lower, digit and symbol')),
  name: v.optional(adminText('name', TEXT_LIMITS.name), 'Ana'),
  lastname: v.optional(adminText('lastname', TEXT_LIMITS.name), 'Prueba'),
  login: v.optional(v.pipe(v.string('login must be a string'), v.check(isWalletLogin, 'login must be 3-60 letters, digits, dots, dashes or underscores'))),
  phone: v.optional(adminText('phone', TEXT_LIMITS.phone), ''),
  balance: v.optional(v.pipe(moneySchema({ field: 'balance', sizeCheckedInCurrency: true }), v.maxValue(MAX_STARTING_BALANCE, startingBalanceRefusal)), 0),
  isEmployee: v.optional(v.boolean('isEmployee must be a boolean'), false),
  cards: v.optional(v.array(SavedTestCardSchema, 'cards must be an array'), []),
  services: v.optional(v.pipe(v.array(v.object({ nameOrAlias: adminText('services[].nameOrAlias', TEXT_LIMITS.title), number: adminText('services[].number', 40), code: v.optional(adminText('services[].code', 100), '') }), 'services must be an array'), v.maxLength(50, 'services lists too many')), []),
});

/** Admin: wallet users with a balance and services, and the dev mailbox. */
export function adminUserRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/users', async (c) => {
    requireOperator(c);
    const body = parseOr400(NewUserSchema, await readObjectBody(c));
    // Checked and written as a sign-up's account is, under its lock: no login or e-mail twice, in any case,
    // whichever path made the other account, also when two creations run at once.
    const user = await insertWalletUser(deps.db, {
      login: body.login, email: body.email, name: body.name, lastname: body.lastname, phone: body.phone, passwordHash: await hashPassword(body.password),
      balanceCents: amountToCents(body.balance), isEmployee: body.isEmployee,
    }, randomRegistrationLogin);
    if (typeof user === 'string') throw new ApiError(400, 'email_taken', 'email or login is already registered');
    // Sandbox test cards, given by brand and last four, kept with a token; the first is the default. The
    // fingerprint is random: the duplicate rule's is the vault's, made only from a card typed into it.
    for (const card of body.cards) {
      await saveUserCard(deps.db, user.id, storedCard(card.last4, card.brand, randomBytes(32).toString('hex')), `${body.name} ${body.lastname}`.toUpperCase());
    }
    for (const service of body.services) await addUserService(deps.db, user.id, service);
    return c.json({ ...profileOf(user), balance: centsToAmount(user.balance_cents), isEmployee: user.is_employee }, 201);
  });
  // The e-mails the service would have sent (registration and recovery codes, receipts). A
  // merchant's key reads those sent for it (its receipts and payment requests); the operator all.
  app.get('/mailbox', async (c) => {
    const to = c.req.query('to');
    const rows = await listMail(deps.db, to && to.length <= 254 ? to : undefined, scopedMerchant(c));
    return c.json({ messages: rows.map((m) => ({ id: m.id, to: m.to_email, subject: m.subject, body: m.body, html: m.html, kind: m.kind, date: m.created_at.toISOString() })) });
  });
  return app;
}
