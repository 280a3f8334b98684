import { randomUUID } from 'node:crypto';
import { CARD_AUTH_STATUS, cardResultMessage } from '@pasarela/core';
import { Hono } from 'hono';
import * as v from 'valibot';
import { freeText, CardNumberSchema, cardBrandOf, centsToAmount, cvcLengthFor, digitsOnly, FULL_USER_SERVICES_LIMIT, isCardExpiryValid, sortUserServices } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { currentUserId, requireUser } from '../../auth/sessions';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { gatewayCall } from '../../gateways/GatewayCall';
import { cardResultKeyOf } from '../../payments/gatewayOutcomes';
import { maskedNumber, storedCard } from '../../payments/cardFingerprint';
import { parseOr400 } from '../../payments/validatePayload';
import { findUser, profileOf } from '../../store/users';
import { transactionSummary } from '../admin/adminLinks';
import { listUserTransactions } from '../../store/transactions';
import { listUserCards, registerUserCard, removeUserCard, setDefaultUserCard, type UserCardRow } from '../../store/userCards';
import { listNotifications, listUserServices } from '../../store/users';

/** SPEC 3 "Saved card". */
export function savedCardOf(r: UserCardRow) {
  return {
    cardToken: r.card_token, visibleNum: maskedNumber(r.card_last4), cardType: r.card_brand, isDefault: r.is_default,
    idRelCard: r.id, idRegCard: r.id, idUsr: r.user_id, idUsrPfCard: null, nameOnCard: r.name_on_card,
  };
}

const RegisterCardSchema = v.object(
  {
    cardNumber: CardNumberSchema,
    expMonth: v.pipe(v.string('missing_arguments'), v.regex(/^(0[1-9]|1[0-2])$/, 'expired')),
    expYear: v.pipe(v.string('missing_arguments'), v.regex(/^(\d{2}|\d{4})$/, 'expired')),
    cvv: v.pipe(v.string('missing_arguments'), v.regex(/^\d{3,4}$/, 'invalid_cvc')),
    nameOnCard: v.pipe(freeText(80, { tooLongMessage: 'invalid_length' }), v.minLength(1, 'missing_arguments')),
    isDefault: v.optional(v.boolean('missing_arguments')),
  },
  'missing_arguments',
);

const limitOf = (raw: string | undefined, max: number) => Math.min(max, Math.max(1, Number.parseInt(raw ?? '', 10) || max));

export function accountRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/users/me', requireUser(deps.db));
  app.use('/users/me/*', requireUser(deps.db));
  // SPEC 7 "GET valid data": the profile behind the token.
  app.get('/users/me', async (c) => {
    const user = await findUser(deps.db, currentUserId(c));
    if (!user) throw new ApiError(401, 'session_expired');
    return reply(c, profileOf(user));
  });
  // SPEC 7 "list cards (latest card: limit 1, sorted descending by idRelCard)".
  app.get('/users/me/cards', async (c) => {
    const desc = c.req.query('sort') === 'desc';
    const rows = await listUserCards(deps.db, currentUserId(c), desc ? 'desc' : 'asc', limitOf(c.req.query('limit'), 100));
    return reply(c, { cards: rows.map(savedCardOf) });
  });
  // SPEC 7 "POST card register (status 0 means error, with messageSys)".
  app.post('/users/me/cards', async (c) => {
    const body = parseOr400(RegisterCardSchema, await readObjectBody(c));
    const brand = cardBrandOf(body.cardNumber);
    if (!brand) throw new ApiError(400, 'invalid_card');
    if (body.cvv.length !== cvcLengthFor(brand)) throw new ApiError(400, 'invalid_cvc', 'cvv is not valid');
    if (!isCardExpiryValid(body.expMonth, body.expYear, Date.now())) throw new ApiError(400, 'expired', 'expYear is in the past');
    const lang = c.get('lang');
    const userId = currentUserId(c);
    // A zero-amount verification with the card processor, through its port, before the card is kept.
    const decision = await deps.gateways.card.authorize({
      ...gatewayCall(`card-check:${randomUUID()}`), amountCents: 0, lang, capture: false,
      card: { number: digitsOnly(body.cardNumber), expMonth: body.expMonth, expYear: body.expYear, cvc: body.cvv, holder: body.nameOnCard },
      merchant: { name: 'Pasarela', logo: null },
    });
    const key = cardResultKeyOf(decision);
    if (decision.status === 'declined' || decision.status === 'failed') return reply(c, { status: 0, messageSys: cardResultMessage(key, lang), authStatus: CARD_AUTH_STATUS[key] });
    const card = storedCard(body.cardNumber, brand, deps.cardFingerprintKey);
    const row = await registerUserCard(deps.db, userId, card, body.nameOnCard, body.isDefault === true);
    return reply(c, { status: 1, messageSys: cardResultMessage('approved', lang), card: savedCardOf(row) });
  });
  // Default-card selection; a card of another user is simply not found.
  app.put('/users/me/cards/:idRelCard/default', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    if (!Number.isSafeInteger(id) || !(await setDefaultUserCard(deps.db, userId, id))) throw new ApiError(404, 'card_not_found');
    return reply(c, { idRelCard: id, isDefault: true });
  });
  // Removing a saved card; when it was the default, the newest remaining card becomes the default.
  app.post('/users/me/cards/:idRelCard/remove', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    if (!Number.isSafeInteger(id) || !(await removeUserCard(deps.db, userId, id))) throw new ApiError(404, 'card_not_found');
    return reply(c, { idRelCard: id, removed: true });
  });
  // SPEC 7 "GET balance (reads balance[0].disponible)".
  app.get('/users/me/balance', async (c) => {
    const user = await findUser(deps.db, currentUserId(c));
    return reply(c, { balance: [{ disponible: centsToAmount(user?.balance_cents ?? 0), currency: 'USD' }] });
  });
  app.get('/users/me/notifications', async (c) => {
    const rows = await listNotifications(deps.db, currentUserId(c));
    return reply(c, { notifications: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, date: r.created_at.toISOString() })) });
  });
  // SPEC 7 "services; wallet services (filtered by code or idService); full user services (limit 100, sorted by name or alias, type number 134)".
  app.get('/users/me/services', async (c) => {
    const full = c.req.query('full') === 'true';
    const code = c.req.query('code');
    const idService = c.req.query('idService');
    const rows = await listUserServices(deps.db, currentUserId(c), {
      code: code ?? null, idService: idService && /^\d{1,9}$/.test(idService) ? Number(idService) : null, full, limit: full ? null : FULL_USER_SERVICES_LIMIT,
    });
    const services = rows.map((r) => ({ idUsrService: r.id, nameOrAlias: r.name_or_alias, idService: r.id_service, type: r.service_type, code: r.code, processData: [{ id: 'NUMBER', value: r.number }] }));
    // The full list: the first 100 by name or alias, in core's order (sortUserServices).
    return reply(c, { services: full ? sortUserServices(services).slice(0, FULL_USER_SERVICES_LIMIT) : services });
  });
  // SPEC 7 "transactions; account movements": the user's own payments only.
  app.get('/users/me/transactions', async (c) => {
    const rows = await listUserTransactions(deps.db, currentUserId(c), { limit: limitOf(c.req.query('limit'), 100) });
    return reply(c, { transactions: rows.map(transactionSummary) });
  });
  app.get('/users/me/movements', async (c) => {
    const rows = await listUserTransactions(deps.db, currentUserId(c), { limit: limitOf(c.req.query('limit'), 100), method: 'balance' });
    return reply(c, { movements: rows.map((r) => ({ codOper: r.cod_oper, amount: -centsToAmount(r.amount_cents + r.tax_cents), date: r.created_at.toISOString(), description: r.description })) });
  });
  return app;
}
