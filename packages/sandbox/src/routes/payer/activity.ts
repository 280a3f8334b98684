import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ActivateSubscriptionSchema, PaymentSecurityEntries, moneySchema, freeText, TEXT_LIMITS, decodeBody, SEARCH_OFFSET, SEARCH_PAGE_SIZE, centsToAmount, CHANNEL, duplicateWindowStart } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { currentUserId, requireUser } from '../../auth/sessions';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema, MAX_DB_INTEGER, queryInteger } from '../../http/idSchema';
import { reply } from '../../http/reply';
import { checkLinkPayment, linkPaymentFingerprint, linkTransactionOf, repeatedPayment } from '../../payments/linkPayment';
import { attemptThatWon } from '../../payments/chargeAttempt';
import { claimLinkOrRefuse, withdrawAll } from '../../payments/settlePayment';
import { checkCardBrand } from '../../payments/cardChecks';
import { merchantCardCodes } from '../../store/merchants';
import { parseOr400 } from '../../payments/validatePayload';
import { findStation, stationOf } from '../../store/catalog';
import { walletRequestMail } from '../../mail/templates';
import { sendMail } from '../../store/mailbox';
import type { LinkRow } from '../../store/links';
import { duplicateLockKey, insertTransaction, insertUnlessDuplicate, newCodOper, type TransactionRow } from '../../store/transactions';
import { transactionSummary } from '../admin/adminLinks';
import { chargeSavedCard, subscriptionOfLink } from '../../payments/subscriptionPayment';
import { IN_DOUBT } from '../../payments/inDoubt';

/** SPEC 7 search "code hex-encoded, or code:: plus encoded code"; a station search is JSON. */
export function searchTermOf(raw: string): { station: string } | { code: string } {
  try {
    const json = JSON.parse(raw) as { type?: unknown; idSearch?: unknown };
    if (json && json.type === 'PAYMENT_STATION' && typeof json.idSearch === 'string') return { station: json.idSearch };
  } catch { /* not JSON: a code */ }
  const encoded = raw.startsWith('code::') ? raw.slice('code::'.length) : raw;
  try {
    const decoded = decodeBody(encoded);
    if (typeof decoded === 'string') return { code: decoded };
  } catch { /* not the wire encoding */ }
  if (/^(?:[0-9a-fA-F]{2})+$/.test(encoded)) return { code: Buffer.from(encoded, 'hex').toString('utf8') };
  return { code: encoded };
}

const PaySchema = v.object({
  sourceSearch: v.looseObject({ paymentCode: v.pipe(freeText(100, { tooLongMessage: 'missing_arguments' }), v.minLength(1, 'missing_arguments')) }, 'missing_arguments'),
  idUsrCard: v.optional(v.nullable(idSchema())),
  // 0 is "no user service" (a payment link, as the widget sends it); any other value is an id.
  idUsrService: v.optional(v.nullable(v.union([v.literal(0), idSchema()], 'missing_arguments'))),
  useFunds: v.optional(v.boolean('missing_arguments'), false),
  txChannel: v.optional(v.pipe(freeText(10, { tooLongMessage: 'missing_arguments' })), CHANNEL.widget),
  customFieldValues: v.optional(v.array(v.unknown(), 'missing_arguments')),
  trackId: v.optional(v.pipe(freeText(64, { tooLongMessage: 'missing_arguments' }))),
  // SPEC 3 "Pay-activity payload ... activateSubscription (idSubscription, subscriptionKey)".
  activateSubscription: v.optional(v.nullable(ActivateSubscriptionSchema)),
  ...PaymentSecurityEntries,
}, 'missing_arguments');
const SendSchema = v.object({
  to: v.pipe(freeText(254, { tooLongMessage: 'invalid_email' }), v.email('invalid_email')),
  amount: v.pipe(moneySchema({ positive: true }), v.maxValue(1_000_000, 'invalid_amount')),
  description: v.optional(freeText(TEXT_LIMITS.concept, { multiline: true }), ''),
}, 'missing_arguments');

export function activityRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET search activity (limit 10, offset 0, ...)".
  app.get('/activity/search', async (c) => {
    const term = searchTermOf(c.req.query('code') ?? '');
    const limit = queryInteger(c.req.query('limit'), SEARCH_PAGE_SIZE, 1, SEARCH_PAGE_SIZE);
    const offset = queryInteger(c.req.query('offset'), SEARCH_OFFSET, SEARCH_OFFSET, MAX_DB_INTEGER);
    if ('station' in term) {
      const station = await findStation(deps.db, term.station);
      if (!station) throw new ApiError(404, 3001);
      return reply(c, { results: [{ type: 'PAYMENT_STATION', ...stationOf(station) }], limit, offset });
    }
    const rows = term.code.length > 100 ? [] : await deps.db.query<LinkRow>(
      'select * from payment_links where code = $1 or slug = $1 order by id limit $2 offset $3', [term.code, limit, offset]);
    if (rows.length === 0) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, {
      results: rows.map((l) => ({ type: 'SERVICE', idSearch: l.code, paymentCode: l.code, idMerchant: l.merchant_id, amount: centsToAmount(l.amount_cents), taxes: centsToAmount(l.tax_cents), discount: centsToAmount(l.discount_cents), description: l.description, serviceCode: l.service_code })),
      limit, offset,
    });
  });

  const user = new Hono<AppEnv>();
  user.use('*', requireUser(deps.db));
  // SPEC 7 "POST activity pay": with the wallet balance (useFunds) or a saved card (idUsrCard).
  user.post('/pay', async (c) => {
    const body = parseOr400(PaySchema, await readObjectBody(c));
    const userId = currentUserId(c);
    const input = { code: body.sourceSearch.paymentCode, email: '', phone: '', concept: '', description: '', txChannel: body.txChannel, trackId: body.trackId, captchaToken: body.captchaToken };
    const method = body.useFunds ? 'balance' : 'card';
    const fingerprint = linkPaymentFingerprint(deps, input, method, {
      card: body.useFunds ? null : `saved:${body.idUsrCard ?? ''}`, variant: `user:${userId}`,
    });
    const answer = (tx: TransactionRow) => reply(c, { activityResult: { status: tx.status, codOper: tx.cod_oper }, ...transactionSummary(tx) });
    const earlier = await repeatedPayment(deps, input, fingerprint);
    if (earlier) return answer(earlier);
    const checked = await checkLinkPayment(deps, input, body.useFunds ? 'pfw' : 'card', undefined);
    const lang = c.get('lang');
    if (body.useFunds) {
      const fields = { method, status: 1, auth_status: 'APPROVED', message_key: 'approved', user_id: userId };
      // The debit and the payment commit together: a retry (same trackId) records nothing and debits nothing.
      let calledOff: TransactionRow[] = [];
      const inserted = await deps.db.transaction(async (tx) => {
        const row = await insertTransaction(tx, linkTransactionOf(checked, input, fields, lang, fingerprint), newCodOper());
        if (!row) return undefined;
        calledOff = await claimLinkOrRefuse(tx, row, checked.link.singleUse);
        const [debited] = await tx.query('update users set balance_cents = balance_cents - $2 where id = $1 and balance_cents >= $2 returning id', [userId, row.amount_cents + row.tax_cents]);
        if (!debited) throw new ApiError(422, 'payment_rejected', 'Not enough balance');
        return row;
      });
      await withdrawAll(deps, calledOff);
      return answer(inserted ?? (await attemptThatWon(deps.db, input.trackId ?? '', fingerprint)));
    }
    const [card] = await deps.db.query<{ card_brand: string; card_last4: string; card_token: string; card_fingerprint: string | null }>(
      'select card_brand, card_last4, card_token, card_fingerprint from user_cards where id = $1 and user_id = $2', [body.idUsrCard ?? -1, userId]);
    if (!card) throw new ApiError(404, 'card_not_found', 'idUsrCard names none of your cards');
    // A saved card is held to the link's cardType list and the merchant's brands, as a typed one.
    checkCardBrand(card.card_brand, checked.link.cardTypes, await merchantCardCodes(deps.db, checked.merchant.id));
    // A card saved before fingerprints were kept stands for itself by its token.
    const sameCard = card.card_fingerprint ?? `token:${card.card_token}`;
    // The saved card's payment activates the link's subscription it names (SPEC 7 activity pay
    // "activateSubscription") when its outcome is recorded; SPEC 4 skips that for a balance payment.
    const subscription = body.activateSubscription ? await subscriptionOfLink(deps.db, checked.link.code, body.activateSubscription) : null;
    const fields = {
      method, ...IN_DOUBT, user_id: userId,
      card_brand: card.card_brand, card_last4: card.card_last4, card_token: card.card_token, card_fingerprint: sameCard,
      details: subscription ? { idSubscription: subscription.id, activates: true } : {},
    };
    const since = duplicateWindowStart();
    const result = await deps.db.oneStatementLocked(duplicateLockKey(sameCard, checked.amountCents), (db) =>
      insertUnlessDuplicate(db, linkTransactionOf(checked, input, fields, lang, fingerprint), newCodOper(), { fingerprint: sameCard, amountCents: checked.amountCents, since }));
    // SPEC 8 possible_duplicated_tx, unless the duplicate is this very attempt racing in again.
    if (result.kind === 'duplicate' && (!input.trackId || result.trackId !== input.trackId)) throw new ApiError(409, 'possible_duplicated_tx');
    if (result.kind !== 'inserted') return answer(await attemptThatWon(deps.db, input.trackId ?? '', fingerprint));
    return answer(await chargeSavedCard(deps, result.row, { name: checked.merchant.name, logo: checked.merchant.logo || null }, lang));
  });
  // SPEC 7 "send/list/pending activities": a payment request sent by e-mail to someone.
  user.post('/send', async (c) => {
    const body = parseOr400(SendSchema, await readObjectBody(c));
    const [row] = await deps.db.query<{ id: number }>("insert into process_records (kind, user_id, data) values ('activity', $1, $2) returning id", [currentUserId(c), JSON.stringify(body)]);
    await sendMail(deps.db, { to: body.to, kind: 'email_payment', ...walletRequestMail({ lang: c.get('lang'), id: String(row?.id ?? ''), total: body.amount.toFixed(2), description: body.description }) });
    return reply(c, { id: row?.id, status: 0, ...body });
  });
  const list = (pendingOnly: boolean) => async (c: Context<AppEnv>) => {
    const rows = await deps.db.query<{ id: number; data: Record<string, unknown>; status: number }>(
      "select * from process_records where kind = 'activity' and user_id = $1 and ($2::boolean is false or status = 0) order by id desc limit 100", [currentUserId(c), pendingOnly]);
    return reply(c, { activities: rows.map((r) => ({ id: r.id, status: r.status, ...r.data })) });
  };
  user.get('/', list(false));
  user.get('/pending', list(true));
  app.route('/activity', user);

  // SPEC 7 "GET user payment codes filtered by code".
  app.get('/users/me/payment-codes', requireUser(deps.db), async (c) => {
    const code = c.req.query('code') ?? null;
    const rows = await deps.db.query<TransactionRow>('select * from transactions where user_id = $1 and ($2::text is null or link_code = $2) order by id desc limit 100', [currentUserId(c), code]);
    return reply(c, { paymentCodes: rows.map((r) => ({ code: r.link_code, ...transactionSummary(r) })) });
  });
  return app;
}
