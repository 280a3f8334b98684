import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ActivateSubscriptionSchema, CampaignDonationEntries, PaymentSecurityEntries, TrackIdSchema, moneySchema, freeText, TEXT_LIMITS, decodeBody, merchantTextIn, SEARCH_OFFSET, SEARCH_PAGE_SIZE, centsToAmount, CHANNEL, CustomFieldValuesSchema, payerEmail, PAYMENT_REQUEST_TO_SELF, requestsOwnAddress, walletRequestAmountRefusal, WALLET_REQUEST_STATUS, type WalletRequestAction } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { currentUserId, requireUser } from '../../auth/sessions';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { idSchema, MAX_DB_INTEGER, queryInteger } from '../../http/idSchema';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { findStation, stationOf } from '../../store/catalog';
import { requestSenderOf, walletRequestMail } from '../../mail/templates';
import { findUser, ownLanguageOfAddress } from '../../store/users';
import { sendMail } from '../../store/mailbox';
import { allowMailOr429 } from './mailRefused';
import { searchLinks } from '../../store/links';
import { insertWalletRequest, listWalletRequests, type WalletRequestRow } from '../../store/balanceMovements';
import { decideWalletRequest } from '../../payments/walletRequests';
import { transactionSummary } from '../admin/adminLinks';
import { payFromWallet } from '../../payments/walletPayment';
import { listUserTransactions } from '../../store/transactions';

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
  // SPEC 3 "Search descriptor": its amount and taxAmount are what a target with no price of its own (a
  // station the payer types the amount for) is paid; a set price must be sent as it is (checkAmount).
  sourceSearch: v.looseObject({
    paymentCode: v.pipe(freeText(100, { tooLongMessage: 'missing_arguments' }), v.minLength(1, 'missing_arguments')),
    amount: v.optional(moneySchema()),
    taxAmount: v.optional(moneySchema()),
  }, 'missing_arguments'),
  idUsrCard: v.optional(v.nullable(idSchema())),
  // 0 is "no user service" (a payment link).
  idUsrService: v.optional(v.nullable(v.union([v.literal(0), idSchema()], 'missing_arguments'))),
  useFunds: v.optional(v.boolean('missing_arguments'), false),
  txChannel: v.optional(v.pipe(freeText(10, { tooLongMessage: 'missing_arguments' })), CHANNEL.widget),
  customFieldValues: v.optional(CustomFieldValuesSchema),
  trackId: v.optional(TrackIdSchema),
  activateSubscription: v.optional(v.nullable(ActivateSubscriptionSchema)),
  // SPEC 3 tryAgain: a second purchase of the same amount with this card, confirmed.
  tryAgain: v.optional(v.boolean('invalid_arguments'), false),
  // A saved card carries a donation as a typed card does (SPEC 3's card payload fields).
  ...CampaignDonationEntries,
  ...PaymentSecurityEntries,
}, 'missing_arguments');
const SendSchema = v.object({
  // The payer asked: an address by the checkout's rule (core payerEmail), never the support address,
  // whose inbox takes no payment requests; kept without the spaces around it, so the recipient's mail
  // limit counts one address once.
  to: v.pipe(freeText(254, { tooLongMessage: 'invalid_email' }), payerEmail()),
  amount: moneySchema({ positive: true }),
  description: v.optional(freeText(TEXT_LIMITS.concept, { multiline: true }), ''),
}, 'missing_arguments');

const RequestIdSchema = v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,9}$/), v.transform(Number), v.maxValue(MAX_DB_INTEGER));

export function activityRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET search activity".
  app.get('/activity/search', async (c) => {
    const term = searchTermOf(c.req.query('code') ?? '');
    const limit = queryInteger(c.req.query('limit'), SEARCH_PAGE_SIZE, 1, SEARCH_PAGE_SIZE);
    const offset = queryInteger(c.req.query('offset'), SEARCH_OFFSET, SEARCH_OFFSET, MAX_DB_INTEGER);
    if ('station' in term) {
      const station = await findStation(deps.db, term.station);
      if (!station) throw new ApiError(404, 3001);
      return reply(c, { results: [{ type: 'PAYMENT_STATION', ...stationOf(station) }], limit, offset });
    }
    const rows = term.code.length > 100 ? [] : await searchLinks(deps.db, term.code, limit, offset);
    if (rows.length === 0) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    return reply(c, {
      results: rows.map((l) => ({ type: 'SERVICE', idSearch: l.code, paymentCode: l.code, idMerchant: l.merchant_id, amount: centsToAmount(l.amount_cents), taxes: centsToAmount(l.tax_cents), discount: centsToAmount(l.discount_cents), description: merchantTextIn(l.description, l.translations, 'description', c.get('lang')), serviceCode: l.service_code })),
      limit, offset,
    });
  });

  const user = new Hono<AppEnv>();
  user.use('*', requireUser(deps.db));
  // SPEC 7 "POST activity pay".
  user.post('/pay', async (c) => {
    const body = parseOr400(PaySchema, await readObjectBody(c));
    const userId = currentUserId(c);
    const { paymentCode: code, amount, taxAmount } = body.sourceSearch;
    const input = { code, amount, taxAmount, email: '', phone: '', concept: '', description: '', txChannel: body.txChannel, trackId: body.trackId, captchaToken: body.captchaToken, customFieldValues: body.customFieldValues };
    const tx = await payFromWallet(deps, {
      ...input, userId, lang: c.get('lang'), tryAgain: body.tryAgain, origin: originOf(deps, c.req.url),
      source: body.useFunds ? { kind: 'balance' } : { kind: 'card', idUsrCard: body.idUsrCard ?? -1, activateSubscription: body.activateSubscription ?? null },
      donation: { amountToCampaign: body.amountToCampaign, idCampaignBridge: body.idCampaignBridge },
    });
    return reply(c, { activityResult: { status: tx.status, codOper: tx.cod_oper }, ...transactionSummary(tx) });
  });
  // SPEC 7 "send activities": a payment request e-mailed to someone.
  user.post('/send', async (c) => {
    const body = parseOr400(SendSchema, await readObjectBody(c));
    const tooMuch = walletRequestAmountRefusal(body.amount);
    if (tooMuch) throw new ApiError(400, tooMuch);
    const sender = await findUser(deps.db, currentUserId(c));
    if (!sender) throw new ApiError(401, 'session_expired');
    // Refused before the mail limits count it: nothing recorded, sent or used up.
    if (requestsOwnAddress(body.to, sender.email)) throw new ApiError(422, PAYMENT_REQUEST_TO_SELF, 'to is your own e-mail address: a payment request asks someone else');
    await allowMailOr429(deps.db, 'payment_request', { recipient: body.to, senderUserId: currentUserId(c) });
    const row = await insertWalletRequest(deps.db, body, currentUserId(c), WALLET_REQUEST_STATUS.pending);
    // In the recipient's own language when they are a wallet user with one, else the sender's.
    const lang = (await ownLanguageOfAddress(deps.db, body.to)) ?? c.get('lang');
    await sendMail(deps.db, { to: body.to, kind: 'email_payment', ...walletRequestMail({ lang, id: String(row.id), sender: requestSenderOf(sender), total: body.amount, description: body.description }) });
    return reply(c, { id: row.id, status: row.status, ...body });
  });
  // Each request the user sent ('sent') or was sent to their e-mail ('received').
  // Who paid stays in the database: the requester knows the address they asked.
  const requestOf = (userId: number) => ({ id, user_id: requester, status, data: { paidBy: _paidBy, ...asked } }: WalletRequestRow) =>
    ({ id, status, role: requester === userId ? 'sent' : 'received', ...asked });
  const list = (pendingOnly: boolean) => async (c: Context<AppEnv>) => {
    const userId = currentUserId(c);
    const me = await findUser(deps.db, userId);
    if (!me) throw new ApiError(401, 'session_expired');
    const rows = await listWalletRequests(deps.db, userId, me.email, pendingOnly ? WALLET_REQUEST_STATUS.pending : null);
    return reply(c, { activities: rows.map(requestOf(userId)) });
  };
  // The recipient pays a waiting request from the balance to its requester, or declines it; its requester calls it off.
  const decide = (action: WalletRequestAction) => async (c: Context<AppEnv>) => {
    // An id no request can have is one not found.
    const parsed = v.safeParse(RequestIdSchema, c.req.param('id'));
    if (!parsed.success) throw new ApiError(404, 'payment_request_not_found');
    const id = parsed.output;
    const me = await findUser(deps.db, currentUserId(c));
    if (!me) throw new ApiError(401, 'session_expired');
    const row = await decideWalletRequest(deps, id, me, action);
    return reply(c, requestOf(me.id)(row));
  };
  user.post('/:id/pay', decide('pay'));
  user.post('/:id/cancel', decide('cancel'));
  user.get('/', list(false));
  user.get('/pending', list(true));
  app.route('/activity', user);

  // SPEC 7 "GET user payment codes".
  app.get('/users/me/payment-codes', requireUser(deps.db), async (c) => {
    const code = c.req.query('code') ?? null;
    const rows = await listUserTransactions(deps.db, currentUserId(c), { limit: 100, linkCode: code });
    return reply(c, { paymentCodes: rows.map((r) => ({ code: r.link_code, ...transactionSummary(r) })) });
  });
  return app;
}
