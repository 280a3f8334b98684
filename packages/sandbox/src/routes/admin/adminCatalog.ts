import { Hono } from 'hono';
import { acceptWebhookUrl, shownWebhookUrl, webhookUrlText } from '../webhookUrlRule';
import { ownMerchantBody, requireOperator, requireOwn, scopedSecretKey } from '../../auth/adminAccess';
import * as v from 'valibot';
import { CARD_BRANDS, CURRENCY_RULES, isStationId, MERCHANT_COUNTRIES, SUBSCRIPTION_PERIODS, currencyOfCountry, isWholeInCurrency, methodTakesCurrency, activeCampaign, amountToCents, centsToAmount, donationRefusal, moneySchema, freeText, TEXT_LIMITS, type Currency } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import { PaymentError } from '../../errors/PaymentError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { parseOr400 } from '../../payments/validatePayload';
import { refuseAmountPastColumns, refuseBadAmounts } from '../../payments/checkAmount';
import { bridgeOf, bridgesOf, createCampaign, insertPlan, insertStation, planOf, stationOf } from '../../store/catalog';
import { createMerchant, findMerchant, setCaptchaRequired } from '../../store/merchants';
import { idParam, merchantInfoOf } from '../payer/merchants';
import { paymentMethodOf } from '../../store/merchants';
import { listMerchantServices } from '../../store/merchants';
import { newMerchantKeys, replaceMerchantKeys, secretKeyRetiring } from '../../store/merchantKeys';
import { perLanguageSchema, translationsOf } from '../perLanguage';

const MAX_ID = 2_147_483_647;
const METHODS = ['card', 'nequi', 'cash', 'clave', 'crypto', 'pfw', 'yappy'] as const;
const GATEWAY: Readonly<Record<(typeof METHODS)[number], string>> = { card: 'LK', nequi: 'NEQUI', cash: 'PAYCASH', clave: 'CLAVE', crypto: 'CRYPTO', pfw: 'PFW', yappy: 'YAPPY' };
// Past what the columns hold is refused once the merchant, so its currency, is known (refuseAmountPastColumns).
const money = (field: string, positive = false) => moneySchema({ field, positive, sizeCheckedInCurrency: true });
const text = (field: string, max: number, multiline = false) =>
  freeText(max, { multiline, missingMessage: `${field} must be a string`, tooLongMessage: `${field} is too long`, charactersMessage: `${field} must not hold control or bidi characters` });
const name = (field: string, max: number = TEXT_LIMITS.title) => v.pipe(text(field, max), v.trim(), v.minLength(1, `${field} is required`));
// Worded as the error catalogue words them (http/errorText.ts), so a Spanish answer names the field too.
const PERIOD_CODES = Object.keys(SUBSCRIPTION_PERIODS) as Array<keyof typeof SUBSCRIPTION_PERIODS>;
const instant = (field: string) => {
  const refusal = `${field} must be an RFC 3339 date-time with an offset, such as 2026-12-01T00:00:00Z`;
  return v.pipe(v.string(refusal), v.isoTimestamp(refusal));
};
const merchantId = v.optional(v.pipe(v.number('merchantId must be a number'), v.integer('merchantId must be an integer'), v.minValue(1, 'merchantId must be positive'), v.maxValue(MAX_ID, 'merchantId is too large')), 1);

// Strict: a misspelt field (currncy) or one the call has not (currency, decided by country) is refused, naming it.
const MerchantSchema = v.strictObject({
  name: name('name'),
  // Absent: the default of the merchant's currency (core CURRENCY_RULES), 5000 dollars or 20.000.000 pesos.
  txLimit: v.optional(money('txLimit')),
  hasPaymentGuest: v.optional(v.boolean('hasPaymentGuest must be a boolean'), true),
  domainValidation: v.optional(v.boolean('domainValidation must be a boolean'), false),
  allowedDomains: v.optional(v.pipe(v.array(text('allowedDomains[]', 253), 'allowedDomains must be an array'), v.maxLength(50, 'allowedDomains lists too many')), []),
  // Absent: every method that takes the merchant's currency.
  methods: v.optional(v.array(v.picklist(METHODS, `methods must list ${METHODS.join(', ')}`), 'methods must be an array')),
  cardTypes: v.optional(v.array(v.picklist(CARD_BRANDS, 'cardTypes must list VISA, MC or AMEX'), 'cardTypes must be an array'), [...CARD_BRANDS]),
  logo: v.optional(v.pipe(v.string('logo must be a string'), v.regex(/^\/images\/[\w./-]{1,200}$/, 'logo must be a path under /images/')), '/images/merchants/demo.svg'),
  webhookUrl: v.optional(webhookUrlText('webhookUrl', 'webhookUrl must be an http(s) URL')),
  captchaRequired: v.optional(v.boolean('captchaRequired must be a boolean'), true),
  // Panama or Colombia (core MERCHANT_COUNTRIES, either case): its payers' Nequi phones are of this country (core nequiPhoneRule); it decides the currency (CO: COP).
  country: v.optional(v.pipe(v.string('country must be a string'), v.toUpperCase(), v.picklist(MERCHANT_COUNTRIES, `country must be one of ${MERCHANT_COUNTRIES.join(', ')}`)), 'PA'),
});
const MerchantSettingsSchema = v.object({
  captchaRequired: v.boolean('captchaRequired must be a boolean'),
}, 'the body must be a JSON object');
const MerchantKeysSchema = v.object({
  webhookUrl: v.optional(v.nullable(webhookUrlText('webhookUrl', 'webhookUrl must be an http(s) URL'))),
});
// Strict as a merchant's: a misspelt field is refused naming it, never dropped ("ammount" would open the station to any amount).
const StationSchema = v.pipe(v.strictObject({
  stationId: v.pipe(v.string('stationId is required'), v.check(isStationId, 'stationId must be 3-40 letters, digits or dashes')),
  merchantId,
  description: name('description', 200), amount: v.optional(money('amount'), 0), discount: v.optional(money('discount'), 0),
}), v.forward(v.check((b) => b.discount <= b.amount, 'discount must not exceed amount'), ['discount']));
const PlanSchema = v.strictObject({
  merchantId,
  name: name('name'), description: v.optional(text('description', TEXT_LIMITS.description, true), ''),
  amount: money('amount', true), period: v.picklist(PERIOD_CODES, `period must be one of: ${PERIOD_CODES.join(', ')}`),
  chargeNow: v.optional(v.boolean('chargeNow must be a boolean'), true),
});
const CampaignSchema = v.pipe(v.strictObject({
  merchantId,
  title: name('title'), description: v.optional(text('description', TEXT_LIMITS.description, true), ''),
  // The title and text in each language the merchant writes them in (es, en), as a link's descriptions; title and description are the default.
  titles: v.optional(perLanguageSchema('titles', 'title', TEXT_LIMITS.title, { allowEmpty: true })),
  descriptions: v.optional(perLanguageSchema('descriptions', 'description', TEXT_LIMITS.description, { allowEmpty: true, multiline: true })),
  minAmount: v.optional(money('minAmount')), maxAmount: v.optional(money('maxAmount', true)),
  defaultValues: v.optional(v.pipe(v.array(money('defaultValues[]', true), 'defaultValues must be an array'), v.maxLength(20, 'defaultValues lists too many'))),
  status: v.optional(v.picklist([0, 1], 'status must be 0 or 1'), 1),
  startDate: v.optional(instant('startDate')),
  endDate: v.optional(v.nullable(instant('endDate'))),
}));

/** A campaign's range and suggested gifts where the merchant gives none, in its currency: pesos of about the dollars' size. */
const CAMPAIGN_DEFAULTS: Readonly<Record<Currency, { minAmount: number; maxAmount: number; defaultValues: readonly number[] }>> = {
  USD: { minAmount: 1, maxAmount: 1000, defaultValues: [1, 5, 10] },
  COP: { minAmount: 1000, maxAmount: 4_000_000, defaultValues: [5000, 20_000, 50_000] },
};

/** The campaign's amounts, the merchant's defaults for those not given; each in its currency, and every suggestion one a payer may give. */
function campaignAmounts(b: { minAmount?: number | undefined; maxAmount?: number | undefined; defaultValues?: number[] | undefined }, currency: Currency) {
  const defaults = CAMPAIGN_DEFAULTS[currency];
  const minAmount = b.minAmount ?? defaults.minAmount;
  const maxAmount = b.maxAmount ?? defaults.maxAmount;
  const defaultValues = b.defaultValues ?? [...defaults.defaultValues];
  const amounts = [['minAmount', minAmount], ['maxAmount', maxAmount], ...defaultValues.map((x) => ['defaultValues[]', x] as const)] as const;
  for (const [field, amount] of amounts) refuseAmountPastColumns(field, amount, currency);
  for (const [field, amount] of amounts) {
    if (!isWholeInCurrency(amountToCents(amount), currency)) throw new PaymentError('invalid', 'invalid_amount', `${field} must be whole pesos: COP has no centavos`);
  }
  if (minAmount > maxAmount) throw new PaymentError('invalid', 'invalid_arguments', 'minAmount must not exceed maxAmount');
  // Each suggestion a gift the campaign takes: core's rule for a donation, in the merchant's currency.
  if (defaultValues.some((x) => donationRefusal(x, { minAmount, maxAmount }, currency) !== null)) {
    throw new PaymentError('invalid', 'invalid_arguments', `defaultValues[] must be within ${minAmount} and ${maxAmount}`);
  }
  return { minCents: amountToCents(minAmount), maxCents: amountToCents(maxAmount), defaultValues };
}

async function merchantOr400(deps: Deps, id: number) {
  const merchant = await findMerchant(deps.db, id);
  if (!merchant) throw new ApiError(400, 'merchant_not_found', 'merchantId names no merchant');
  return merchant;
}

/** SPEC 5: a price no payment could pay is refused when set (in pesos, whole pesos). */
function withinLimit(amount: number, merchant: { tx_limit_cents: number; currency: Currency }): void {
  if (amount > 0) refuseBadAmounts({ amount }, { txLimit: centsToAmount(merchant.tx_limit_cents), currency: merchant.currency });
}

export function adminCatalogRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The URL's record, or undefined when no URL is given.
  const checkWebhookUrl = async (url: string | null | undefined) => (url ? acceptWebhookUrl(url, deps.allowPrivateWebhooks === true, 'webhookUrl') : undefined);
  app.post('/merchants', async (c) => {
    requireOperator(c);
    const b = parseOr400(MerchantSchema, await readObjectBody(c));
    const currency = currencyOfCountry(b.country);
    const methods = b.methods ?? METHODS.filter((method) => methodTakesCurrency(method, currency));
    const untaken = methods.find((method) => !methodTakesCurrency(method, currency));
    if (untaken) throw new PaymentError('invalid', 'invalid_arguments', `methods: ${untaken} does not take ${currency}, the currency of country ${b.country}`);
    const txLimit = b.txLimit ?? CURRENCY_RULES[currency].defaultTxLimit;
    refuseAmountPastColumns('txLimit', txLimit, currency);
    if (!isWholeInCurrency(amountToCents(txLimit), currency)) throw new PaymentError('invalid', 'invalid_amount', 'txLimit must be whole pesos: COP has no centavos');
    const webhookPrivateAllowed = (await checkWebhookUrl(b.webhookUrl)) ?? false;
    const keys = newMerchantKeys();
    const merchantId = await createMerchant(deps.db, {
      name: b.name, webCode: b.name.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20) || 'MERCHANT', logo: b.logo,
      hasPaymentGuest: b.hasPaymentGuest, txLimitCents: amountToCents(txLimit), domainValidation: b.domainValidation,
      allowedDomains: b.allowedDomains, captchaRequired: b.captchaRequired, country: b.country, currency, keys, webhookUrl: b.webhookUrl ?? null, webhookPrivateAllowed,
      services: methods.map((method) => ({ method, linkType: method === 'pfw' ? 'PFW' : 'LK', gatewayCode: GATEWAY[method], cardCodes: method === 'card' ? b.cardTypes : [] })),
    });
    const created = await findMerchant(deps.db, merchantId);
    if (!created) throw new Error('merchant vanished');
    // Only its hash is kept: the only time the secret key is shown.
    return c.json({
      ...merchantInfoOf(created), paymentMethods: (await listMerchantServices(deps.db, merchantId)).map(paymentMethodOf),
      webhookUrl: shownWebhookUrl(b.webhookUrl ?? null), captchaRequired: b.captchaRequired, secretKey: keys.secretKey, webhookSecret: keys.webhookSecret,
    }, 201);
  });
  // captchaRequired false: a server-to-server integration with no widget pays without a captcha token.
  app.patch('/merchants/:idMerchant', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'merchant_not_found');
    const notFound = () => new ApiError(404, 'merchant_not_found', 'No such merchant');
    requireOwn(c, id, notFound);
    const b = parseOr400(MerchantSettingsSchema, await readObjectBody(c));
    const captchaRequired = await setCaptchaRequired(deps.db, id, b.captchaRequired);
    if (captchaRequired === undefined) throw notFound();
    return c.json({ idMerchant: id, captchaRequired });
  });
  // New keys (the old ones stop working); webhookUrl null removes the primary endpoint (the oldest
  // other takes its place), absent keeps it. A merchant's key being retired (in its overlap window
  // after a roll) may not: 403 secret_key_retiring, checked in the transaction that writes the keys.
  app.post('/merchants/:idMerchant/keys', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'merchant_not_found');
    const notFound = () => new ApiError(404, 'merchant_not_found', 'No such merchant');
    requireOwn(c, id, notFound);
    const b = parseOr400(MerchantKeysSchema, await readObjectBody(c));
    const webhookPrivateAllowed = await checkWebhookUrl(b.webhookUrl);
    const keys = newMerchantKeys();
    const callerKey = scopedSecretKey(c);
    const saved = await replaceMerchantKeys(deps.db, id, keys, b.webhookUrl, webhookPrivateAllowed, callerKey);
    if (!saved) throw callerKey === undefined ? notFound() : secretKeyRetiring();
    return c.json({ idMerchant: id, webhookUrl: shownWebhookUrl(saved.webhookUrl), secretKey: keys.secretKey, webhookSecret: saved.webhookSecret }, 201);
  });
  app.post('/stations', async (c) => {
    const b = parseOr400(StationSchema, ownMerchantBody(c, await readObjectBody(c)));
    const merchant = await merchantOr400(deps, b.merchantId);
    refuseAmountPastColumns('amount', b.amount, merchant.currency);
    refuseAmountPastColumns('discount', b.discount, merchant.currency);
    withinLimit(b.amount - b.discount, merchant);
    const row = await insertStation(deps.db, { stationId: b.stationId, merchantId: b.merchantId, description: b.description, amountCents: amountToCents(b.amount), discountCents: amountToCents(b.discount) });
    if (!row) throw new ApiError(400, 'station_taken', 'stationId is already in use');
    return c.json(stationOf(row), 201);
  });
  app.post('/plans', async (c) => {
    const b = parseOr400(PlanSchema, ownMerchantBody(c, await readObjectBody(c)));
    const merchant = await merchantOr400(deps, b.merchantId);
    refuseAmountPastColumns('amount', b.amount, merchant.currency);
    withinLimit(b.amount, merchant);
    const row = await insertPlan(deps.db, { merchantId: b.merchantId, name: b.name, description: b.description, amountCents: amountToCents(b.amount), period: b.period, chargeNow: b.chargeNow });
    return c.json(planOf(row), 201);
  });
  app.post('/campaigns', async (c) => {
    const b = parseOr400(CampaignSchema, ownMerchantBody(c, await readObjectBody(c)));
    const merchant = await merchantOr400(deps, b.merchantId);
    const bridgeId = await createCampaign(deps.db, {
      merchantId: b.merchantId, title: b.title, description: b.description, ...campaignAmounts(b, merchant.currency), status: b.status, startDate: b.startDate ? new Date(b.startDate) : new Date(), endDate: b.endDate ? new Date(b.endDate) : null,
      translations: translationsOf({ title: b.titles, description: b.descriptions }),
    });
    const bridges = (await bridgesOf(deps.db, b.merchantId)).map((x) => bridgeOf(x));
    const bridge = bridges.find((x) => x.idBridge === bridgeId);
    if (!bridge) throw new Error('bridge vanished');
    // SPEC 4 "Campaign": payers are offered the merchant's first active campaign, which may be an
    // earlier one (or none, for a campaign not yet started or switched off).
    return c.json({ ...bridge, offeredBridgeId: activeCampaign(bridges, new Date())?.idBridge ?? null }, 201);
  });
  return app;
}
