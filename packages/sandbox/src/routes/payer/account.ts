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
import type { TransactionRow } from '../../store/transactions';

interface CardRow { id: number; user_id: number; card_token: string; card_brand: string; card_last4: string; name_on_card: string; is_default: boolean }

/** SPEC 3 "Saved card". */
export function savedCardOf(r: CardRow) {
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
    const rows = await deps.db.query<CardRow>(
      `select * from user_cards where user_id = $1 order by id ${desc ? 'desc' : 'asc'} limit $2`,
      [currentUserId(c), limitOf(c.req.query('limit'), 100)],
    );
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
    const [{ n } = { n: 0 }] = await deps.db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
    const isDefault = body.isDefault === true || n === 0;
    if (isDefault) await deps.db.query('update user_cards set is_default = false where user_id = $1', [userId]);
    const [row] = await deps.db.query<CardRow>(
      'insert into user_cards (user_id, card_token, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7) returning *',
      [userId, card.token, card.brand, card.last4, body.nameOnCard, isDefault, card.fingerprint],
    );
    if (!row) throw new Error('card insert returned nothing');
    return reply(c, { status: 1, messageSys: cardResultMessage('approved', lang), card: savedCardOf(row) });
  });
  // Default-card selection; a card of another user is simply not found.
  app.put('/users/me/cards/:idRelCard/default', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    const [own] = Number.isSafeInteger(id) ? await deps.db.query('select 1 from user_cards where id = $1 and user_id = $2', [id, userId]) : [];
    if (!own) throw new ApiError(404, 'card_not_found');
    await deps.db.query('update user_cards set is_default = (id = $2) where user_id = $1', [userId, id]);
    return reply(c, { idRelCard: id, isDefault: true });
  });
  // Removing a saved card; when it was the default, the newest remaining card becomes the default.
  app.post('/users/me/cards/:idRelCard/remove', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    const [gone] = Number.isSafeInteger(id)
      ? await deps.db.query<{ is_default: boolean }>('delete from user_cards where id = $1 and user_id = $2 returning is_default', [id, userId])
      : [];
    if (!gone) throw new ApiError(404, 'card_not_found');
    if (gone.is_default) {
      await deps.db.query('update user_cards set is_default = true where id = (select max(id) from user_cards where user_id = $1)', [userId]);
    }
    return reply(c, { idRelCard: id, removed: true });
  });
  // SPEC 7 "GET balance (reads balance[0].disponible)".
  app.get('/users/me/balance', async (c) => {
    const user = await findUser(deps.db, currentUserId(c));
    return reply(c, { balance: [{ disponible: centsToAmount(user?.balance_cents ?? 0), currency: 'USD' }] });
  });
  app.get('/users/me/notifications', async (c) => {
    const rows = await deps.db.query<{ id: number; title: string; body: string; created_at: Date }>(
      'select * from notifications where user_id = $1 order by id desc limit 50', [currentUserId(c)]);
    return reply(c, { notifications: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, date: r.created_at.toISOString() })) });
  });
  // SPEC 7 "services; wallet services (filtered by code or idService); full user services (limit 100, sorted by name or alias, type number 134)".
  app.get('/users/me/services', async (c) => {
    const full = c.req.query('full') === 'true';
    const code = c.req.query('code');
    const idService = c.req.query('idService');
    const rows = await deps.db.query<{ id: number; name_or_alias: string; id_service: number; service_type: number; number: string; code: string }>(
      `select * from user_services where user_id = $1 and ($2::text is null or code = $2) and ($3::int is null or id_service = $3)
         and ($4::boolean is false or service_type = 134) order by id limit $5`,
      [currentUserId(c), code ?? null, idService && /^\d{1,9}$/.test(idService) ? Number(idService) : null, full, full ? null : FULL_USER_SERVICES_LIMIT],
    );
    const services = rows.map((r) => ({ idUsrService: r.id, nameOrAlias: r.name_or_alias, idService: r.id_service, type: r.service_type, code: r.code, processData: [{ id: 'NUMBER', value: r.number }] }));
    // The full list: the first 100 by name or alias, in core's order (sortUserServices).
    return reply(c, { services: full ? sortUserServices(services).slice(0, FULL_USER_SERVICES_LIMIT) : services });
  });
  // SPEC 7 "transactions; account movements": the user's own payments only.
  app.get('/users/me/transactions', async (c) => {
    const rows = await deps.db.query<TransactionRow>('select * from transactions where user_id = $1 order by id desc limit $2', [currentUserId(c), limitOf(c.req.query('limit'), 100)]);
    return reply(c, { transactions: rows.map(transactionSummary) });
  });
  app.get('/users/me/movements', async (c) => {
    const rows = await deps.db.query<TransactionRow>(
      "select * from transactions where user_id = $1 and method = 'balance' order by id desc limit $2", [currentUserId(c), limitOf(c.req.query('limit'), 100)]);
    return reply(c, { movements: rows.map((r) => ({ codOper: r.cod_oper, amount: -centsToAmount(r.amount_cents + r.tax_cents), date: r.created_at.toISOString(), description: r.description })) });
  });
  return app;
}
