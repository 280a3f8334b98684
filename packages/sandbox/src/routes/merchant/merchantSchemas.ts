import { WEBHOOK_EVENT_TYPES } from '../../merchantView/webhookEvent';
import * as v from 'valibot';
import { CAPTURE_METHODS, LinkCustomFieldsSchema, freeText, isHttpUrl, isTrackId, moneySchema } from '@pasarela/core';
import { ApiError, badRequest } from '../../errors/ApiError';
import { LINK_DESCRIPTION_MAX, linkDescriptionsSchema } from '../linkDescriptions';

// The merchant API's inputs (docs/merchant-api.md); every message names its field.

/** Documented in docs/merchant-api.md and the OpenAPI document. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;
export const ORDER_REFERENCE_PATTERN = '^[A-Za-z0-9_.:/#-]{1,100}$';
export const MAX_LINK_DAYS = 365;
export const LINK_BRANDS = ['VISA', 'MC', 'AMEX'] as const;
export const LINK_METHODS = ['CARD', 'NEQUI', 'YAPPY', 'CASH', 'PAYCASH', 'PC', 'CLAVE', 'CRYPTO'] as const;
export const TRANSACTION_METHODS = ['card', 'balance', 'nequi', 'yappy', 'cash', 'clave', 'crypto'] as const;
export const RESULTS = ['APPROVED', 'PENDING', 'DECLINED'] as const;
export const LINK_STATES = ['open', 'paid', 'expired'] as const;
export const PAGE_LIMIT = { default: 20, max: 100 } as const;

/** Not a name JavaScript objects reserve either. */
export const METADATA_KEY_PATTERN = '^[A-Za-z0-9_.-]+$';
export const RESERVED_METADATA_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const METADATA_KEY = new RegExp(METADATA_KEY_PATTERN);
const RESERVED: ReadonlySet<string> = new Set(RESERVED_METADATA_KEYS);
const isPlainMetadataKey = (key: string) => METADATA_KEY.test(key) && !RESERVED.has(key);
// RFC 3339 5.6: "T" and "Z" may be lower case, and a second's fraction has as many digits as its
// writer gives (.NET's round trip writes 7, Go's RFC3339Nano up to 9): read to the millisecond.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

const orderReference = (field: string) => v.pipe(v.string(`${field} must be a string`), v.regex(new RegExp(ORDER_REFERENCE_PATTERN), `${field} must be 1 to 100 letters, digits or -_.:/#`));

/** YYYY-MM-DD is a day of the calendar: Date.parse rolls 2027-02-30 over to 2 March. */
function isCalendarDay(day: string): boolean {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(midnight) && new Date(midnight).toISOString().startsWith(`${day}T`);
}

/** The day and the hour as written exist: Date.parse takes 24:00 as the next day's midnight. */
function isCalendarDateTime(text: string): boolean {
  // valibot runs a pipe's checks after a failed one too: text that is no date-time at all is refused here as well.
  const [, day, hour] = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2})/.exec(text) ?? [];
  return day !== undefined && !Number.isNaN(Date.parse(text)) && isCalendarDay(day) && Number(hour) <= 23;
}

/** Years the database's timestamps take as written: year 0 (and 10000, an offset away from 9999) is out of its range. */
function isWithinDatabaseYears(text: string): boolean {
  const year = new Date(text).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

/** RFC 3339 with its offset. */
const dateTime = (field: string) => v.pipe(
  v.string(`${field} must be a date-time string`),
  v.regex(RFC3339, `${field} must be an RFC 3339 date-time with an offset, such as 2026-12-01T18:00:00Z`),
  v.check(isCalendarDateTime, `${field} is not a real date`),
  v.check(isWithinDatabaseYears, `${field} must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z`),
  v.transform((s) => new Date(s)),
);

const metadataKeyMessage = (key: string) =>
  `metadata key ${JSON.stringify(key)} is not a plain name: keys are letters, digits, _ . or - (not ${RESERVED_METADATA_KEYS.join(', ')})`;

/** A metadata value's own rules; its messages follow "metadata value of \"key\"". */
const metadataValue = freeText(METADATA_LIMITS.valueLength, {
  missingMessage: 'must be a string', tooLongMessage: `must be at most ${METADATA_LIMITS.valueLength} characters`, charactersMessage: 'must not hold control or bidi characters',
});
const longKeyOf = (m: Record<string, unknown>) => Object.keys(m).find((k) => k.length > METADATA_LIMITS.keyLength);

// Checked as sent: v.record takes an array as {} and drops reserved keys silently. Each refusal names the key.
const metadata = v.pipe(
  v.custom<Record<string, unknown>>((m) => typeof m === 'object' && m !== null && !Array.isArray(m), 'metadata must be an object of strings'),
  v.check((m) => Object.keys(m).length <= METADATA_LIMITS.keys, `metadata must have at most ${METADATA_LIMITS.keys} keys`),
  v.check((m) => Object.keys(m).every(isPlainMetadataKey), (issue) => metadataKeyMessage(Object.keys(issue.input).find((k) => !isPlainMetadataKey(k)) ?? '')),
  v.check((m) => longKeyOf(m) === undefined, (issue) => `metadata key ${JSON.stringify(longKeyOf(issue.input))} must be at most ${METADATA_LIMITS.keyLength} characters`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, value] of Object.entries(dataset.value)) {
      const [issue] = v.safeParse(metadataValue, value).issues ?? [];
      if (issue) return addIssue({ message: `metadata value of ${JSON.stringify(key)} ${issue.message}` });
    }
  }),
  v.record(v.string(), v.string(), 'metadata must be an object of strings'),
);

export const CreateLinkSchema = v.strictObject({
  // Their size is refused in the merchant's currency with its limit (refuseBadAmounts).
  amount: moneySchema({ field: 'amount', positive: true, sizeCheckedInCurrency: true }),
  taxAmount: v.optional(moneySchema({ field: 'taxAmount', sizeCheckedInCurrency: true })),
  description: v.pipe(freeText(LINK_DESCRIPTION_MAX, { missingMessage: 'description is required', typeMessage: 'description must be a string', tooLongMessage: `description is longer than ${LINK_DESCRIPTION_MAX} characters`, charactersMessage: 'description must not hold control or bidi characters' }), v.trim(), v.minLength(1, 'description is required')),
  descriptions: v.optional(linkDescriptionsSchema({ allowEmpty: false })),
  orderReference: v.optional(orderReference('orderReference')),
  metadata: v.optional(metadata),
  expiresAt: v.optional(v.pipe(
    dateTime('expiresAt'),
    v.check((d) => d.getTime() > Date.now(), 'expiresAt must be in the future'),
    v.check((d) => d.getTime() <= Date.now() + MAX_LINK_DAYS * 86_400_000, `expiresAt must be within ${MAX_LINK_DAYS} days`),
  )),
  singleUse: v.optional(v.boolean('singleUse must be a boolean')),
  brands: v.optional(v.pipe(v.array(v.picklist(LINK_BRANDS, `brands must list card brands: ${LINK_BRANDS.join(', ')}`), 'brands must be an array'), v.minLength(1, 'brands must not be empty'))),
  methods: v.optional(v.pipe(v.array(v.picklist(LINK_METHODS, `methods must list methods: ${LINK_METHODS.join(', ')}`), 'methods must be an array'), v.minLength(1, 'methods must not be empty'))),
  returnUrl: v.optional(v.pipe(v.string('returnUrl must be a string'), v.maxLength(2000, 'returnUrl is too long'), v.check(isHttpUrl, 'returnUrl must be an http or https address'))),
  captureMethod: v.optional(v.picklist(CAPTURE_METHODS, `captureMethod must be one of: ${CAPTURE_METHODS.join(', ')}`)),
  // SPEC 3 "Custom field": what the checkout asks the payer; the answers come with the payment (customFields).
  customFields: v.optional(LinkCustomFieldsSchema),
});
export type CreateLink = v.InferOutput<typeof CreateLinkSchema>;

// Their size is refused in the merchant's currency (refuseAmountPastColumns).
export const RefundSchema = v.strictObject({
  amount: v.optional(moneySchema({ field: 'amount', positive: true, sizeCheckedInCurrency: true })),
});

export const EmptySchema = v.strictObject({});

/** POST /transactions/:codOper/capture: absent captures the whole hold. */
export const CaptureSchema = v.strictObject({
  amount: v.optional(moneySchema({ field: 'amount', positive: true, sizeCheckedInCurrency: true })),
});

const limit = v.optional(v.pipe(
  v.string(`limit must be a whole number from 1 to ${PAGE_LIMIT.max}`),
  v.regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${PAGE_LIMIT.max}`),
  v.transform(Number),
  v.minValue(1, `limit must be from 1 to ${PAGE_LIMIT.max}`),
  v.maxValue(PAGE_LIMIT.max, `limit must be from 1 to ${PAGE_LIMIT.max}`),
), String(PAGE_LIMIT.default));
/** The OpenAPI document's parameters say the same. */
export const CURSOR_PATTERN = '^[A-Za-z0-9_-]{1,200}$';
export const LINK_CODE_PATTERN = '^[A-Za-z0-9]{4,40}$';
const cursor = v.optional(v.pipe(v.string('cursor must be a nextCursor this list gave'), v.regex(new RegExp(CURSOR_PATTERN), 'cursor must be a nextCursor this list gave')));
const code = (field: string) => v.pipe(v.string(`${field} must be a link code`), v.regex(new RegExp(LINK_CODE_PATTERN), `${field} must be a link code`));

/** A payment's codOper as a list's filter. */
export const codOperQuery = v.pipe(v.string('codOper must be a payment code'), v.regex(/^[A-Za-z0-9_]{1,40}$/, 'codOper must be a payment code'));
/** A calendar day, as a payout's arrivalDate. */
export const dayQuery = (field: string) => v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`),
  v.check(isCalendarDay, `${field} must be a date (YYYY-MM-DD)`),
  v.check((day) => !day.startsWith('0000'), `${field} must fall between 0001-01-01 and 9999-12-31`));

export const page = { limit, cursor, createdFrom: v.optional(dateTime('createdFrom')), createdTo: v.optional(dateTime('createdTo')) };
/** What the recovery after a lost webhook asks for (docs/webhooks.md). */
const changed = { updatedFrom: v.optional(dateTime('updatedFrom')), updatedTo: v.optional(dateTime('updatedTo')) };

/**
 * The From/To pairs a list may take. Date-times (Dates once parsed) run from inclusive to exclusive,
 * so equal bounds hold nothing; days (YYYY-MM-DD) hold both ends.
 */
const LIST_RANGES = [
  { from: 'createdFrom', to: 'createdTo', toIncluded: false },
  { from: 'updatedFrom', to: 'updatedTo', toIncluded: false },
  { from: 'arrivalFrom', to: 'arrivalTo', toIncluded: true },
] as const;
const instantOf = (bound: unknown) => (bound instanceof Date ? bound.getTime() : typeof bound === 'string' ? Date.parse(`${bound}T00:00:00Z`) : undefined);

/**
 * A list's query: its parameters, each given once, and each range it takes one that can hold
 * something: a range that holds nothing would list nothing, silently. Its messages have both
 * languages' words (http/errorText.ts).
 */
export function listQuery<const E extends v.ObjectEntries>(entries: E) {
  const query = v.strictObject(entries);
  return v.pipe(query, v.rawCheck<v.InferOutput<typeof query>>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input: Record<string, unknown> = dataset.value;
    for (const { from, to, toIncluded } of LIST_RANGES) {
      const start = instantOf(input[from]);
      const end = instantOf(input[to]);
      if (start === undefined || end === undefined || start < end || (toIncluded && start === end)) continue;
      addIssue({ message: toIncluded ? `${from} must not exceed ${to}` : `${from} must be before ${to}`, path: [{ type: 'object', origin: 'value', input, key: from, value: input[from] }] });
      return;
    }
  }));
}

export const ListLinksQuery = listQuery({
  ...page,
  ...changed,
  state: v.optional(v.picklist(LINK_STATES, `state must be one of ${LINK_STATES.join(', ')}`)),
  orderReference: v.optional(orderReference('orderReference')),
});

export const ListTransactionsQuery = listQuery({
  ...page,
  ...changed,
  linkCode: v.optional(code('linkCode')),
  // The checkout's idempotency key: what a shop's page hears for a payment whose answer it could not (docs/events.md).
  trackId: v.optional(v.pipe(v.string('trackId must be the trackId of a checkout result'), v.check(isTrackId, 'trackId must be the trackId of a checkout result'))),
  orderReference: v.optional(orderReference('orderReference')),
  method: v.optional(v.picklist(TRANSACTION_METHODS, `method must be one of ${TRANSACTION_METHODS.join(', ')}`)),
  result: v.optional(v.picklist(RESULTS, `result must be one of ${RESULTS.join(', ')}`)),
});

export const ListEventsQuery = listQuery({
  ...page,
  // A type this server never sends would list nothing, silently: a 400 names it instead.
  type: v.optional(v.picklist(WEBHOOK_EVENT_TYPES, `type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`)),
});

export const EVENT_ID = /^evt_[0-9a-f]{32}$/;

/** Or throws the 400 whose message names the field. */
/** `?lang=` picks the answer's language on every call (http/language.ts): no call's own parameter. */
function withoutLanguage(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || !('lang' in query)) return query;
  return Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'lang'));
}

/**
 * A list's query as sent: a parameter given twice (`?method=card&method=nequi`) stays a list, which
 * no parameter takes, so it is a 400 naming it rather than one of its values kept silently.
 */
export function queryOf(c: { req: { queries(): Record<string, string[]> } }): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(c.req.queries()).map(([name, values]) => [name, values.length === 1 ? values[0] ?? '' : values]));
}

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown, where: 'body' | 'query'): v.InferOutput<S> {
  const result = v.safeParse(schema, where === 'query' ? withoutLanguage(input) : input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = issue.path?.map((p) => String(p.key)).join('.') || where;
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    throw new ApiError(400, 'invalid_arguments', `${field} is not a ${where === 'body' ? 'field' : 'parameter'} this call takes`);
  }
  if (issue.input === undefined && issue.path !== undefined) throw new ApiError(400, 'missing_arguments', `${field} is required`);
  const top = String(issue.path?.[0]?.key ?? where);
  throw new ApiError(400, 'invalid_arguments', issue.message.startsWith(top) ? issue.message : `${field}: ${issue.message}`);
}
