import { Hono } from 'hono';
import { centsToAmount, WALLET_REQUEST_STATUS, FULL_USER_SERVICES_LIMIT, sortUserServices } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { currentUserId, requireUser } from '../../auth/sessions';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { checkAndSaveCard } from '../../payments/cardCheck';
import { maskedNumber } from '../../payments/cardFingerprint';
import { findUser, profileOf } from '../../store/users';
import { transactionSummary } from '../admin/adminLinks';
import { listUserTransactions } from '../../store/transactions';
import { findShopOfMerchant } from '../../store/merchantBrand';
import { shopIdentityOf } from '../../brand/merchantBrand';
import { listUserCards, removeUserCard, setDefaultUserCard, type UserCardRow } from '../../store/userCards';
import { listNotifications, listUserServices } from '../../store/users';
import { listBalanceMovements } from '../../store/balanceMovements';

export function savedCardOf(r: UserCardRow) {
  return {
    cardToken: r.card_token, visibleNum: maskedNumber(r.card_last4), cardType: r.card_brand, isDefault: r.is_default,
    idRelCard: r.id, idRegCard: r.id, idUsr: r.user_id, idUsrPfCard: null, nameOnCard: r.name_on_card,
  };
}

const limitOf = (raw: string | undefined, max: number) => Math.min(max, Math.max(1, Number.parseInt(raw ?? '', 10) || max));

export function accountRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.use('/users/me', requireUser(deps.db));
  app.use('/users/me/*', requireUser(deps.db));
  // SPEC 7 "GET valid data".
  app.get('/users/me', async (c) => {
    const user = await findUser(deps.db, currentUserId(c));
    if (!user) throw new ApiError(401, 'session_expired');
    return reply(c, profileOf(user));
  });
  // SPEC 7 "list cards".
  app.get('/users/me/cards', async (c) => {
    const desc = c.req.query('sort') === 'desc';
    const rows = await listUserCards(deps.db, currentUserId(c), desc ? 'desc' : 'asc', limitOf(c.req.query('limit'), 100));
    return reply(c, { cards: rows.map(savedCardOf) });
  });
  // SPEC 7 "POST card register": checked with the processor under the payer's trackId, kept only when approved.
  app.post('/users/me/cards', async (c) => {
    const answer = await checkAndSaveCard(deps, currentUserId(c), await readObjectBody(c), c.get('lang'));
    return reply(c, answer.status === 1 ? { ...answer, card: savedCardOf(answer.card) } : answer);
  });
  app.put('/users/me/cards/:idRelCard/default', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    if (!Number.isSafeInteger(id) || !(await setDefaultUserCard(deps.db, userId, id))) throw new ApiError(404, 'card_not_found');
    return reply(c, { idRelCard: id, isDefault: true });
  });
  app.post('/users/me/cards/:idRelCard/remove', async (c) => {
    const userId = currentUserId(c);
    const id = Number(c.req.param('idRelCard'));
    if (!Number.isSafeInteger(id) || !(await removeUserCard(deps.db, userId, id))) throw new ApiError(404, 'card_not_found');
    return reply(c, { idRelCard: id, removed: true });
  });
  // SPEC 7 "GET balance".
  app.get('/users/me/balance', async (c) => {
    const user = await findUser(deps.db, currentUserId(c));
    // An account gone under its session has no balance to show: 401, as GET /users/me.
    if (!user) throw new ApiError(401, 'session_expired');
    return reply(c, { balance: [{ disponible: centsToAmount(user.balance_cents), currency: 'USD' }] });
  });
  app.get('/users/me/notifications', async (c) => {
    const rows = await listNotifications(deps.db, currentUserId(c));
    return reply(c, { notifications: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, date: r.created_at.toISOString() })) });
  });
  // SPEC 7 "services; wallet services; full user services (limit 100, type number 134)".
  app.get('/users/me/services', async (c) => {
    const full = c.req.query('full') === 'true';
    const code = c.req.query('code');
    const idService = c.req.query('idService');
    const rows = await listUserServices(deps.db, currentUserId(c), {
      code: code ?? null, idService: idService && /^\d{1,9}$/.test(idService) ? Number(idService) : null, full, limit: full ? null : FULL_USER_SERVICES_LIMIT,
    });
    const services = rows.map((r) => ({ idUsrService: r.id, nameOrAlias: r.name_or_alias, idService: r.id_service, type: r.service_type, code: r.code, processData: [{ id: 'NUMBER', value: r.number }] }));
    return reply(c, { services: full ? sortUserServices(services).slice(0, FULL_USER_SERVICES_LIMIT) : services });
  });
  // SPEC 7 "transactions": the user's own payments only.
  app.get('/users/me/transactions', async (c) => {
    const rows = await listUserTransactions(deps.db, currentUserId(c), { limit: limitOf(c.req.query('limit'), 100) });
    // Each payment names the shop it went to, as the payer knows it (issue 96).
    const shops = new Map<number, string>();
    for (const id of new Set(rows.map((r) => r.merchant_id))) {
      const shop = await findShopOfMerchant(deps.db, id);
      if (shop) shops.set(id, shopIdentityOf(shop).name);
    }
    // What the merchant gave back of each (a balance payment's refund is in the balance again).
    return reply(c, { transactions: rows.map((r) => ({ ...transactionSummary(r), refundedAmount: centsToAmount(r.refunded_cents), currency: r.currency, merchantName: shops.get(r.merchant_id) ?? null })) });
  });
  app.get('/users/me/movements', async (c) => {
    // What the balance paid, what refunds gave back to it, and the payment requests it paid or was paid.
    const rows = await listBalanceMovements(deps.db, currentUserId(c), limitOf(c.req.query('limit'), 100), WALLET_REQUEST_STATUS.paid);
    return reply(c, { movements: rows.map((r) => ({ ...(r.request_id === null ? { codOper: r.cod_oper } : { requestId: r.request_id }), amount: centsToAmount(r.cents), date: r.at.toISOString(), description: r.description })) });
  });
  return app;
}
