import { CURSOR_PATTERN, LINK_CODE_PATTERN, METADATA_KEY_PATTERN, METADATA_LIMITS, RESERVED_METADATA_KEYS, LINK_BRANDS, LINK_METHODS, LINK_STATES, MAX_LINK_DAYS, ORDER_REFERENCE_PATTERN, PAGE_LIMIT, RESULTS, TRANSACTION_METHODS } from './merchantSchemas';
import { MERCHANT_API_PREFIX } from '../../http/merchantApiPrefix';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../../store/idempotencyKeys';
import { BRAND_NAME_MAX, CAPTURE_METHODS, CUSTOM_FIELD_LIMITS, CUSTOM_FIELD_TYPES, LANGUAGES, MERCHANT_CANCEL_REASONS } from '@pasarela/core';
import { LINK_DESCRIPTION_MAX } from '../linkDescriptions';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, LOGO_MIN_SIDE, LOGO_UPLOAD_WINDOW_MS, LOGO_UPLOADS_PER_WINDOW } from '../../brand/logoImage';
import { REFUND_FAILURE_REASONS } from '../../merchantView/webhookEvent';
import { WEBHOOK_EVENT_TYPES } from '../../merchantView/webhookEvent';
import { MAX_OVERLAP_SECONDS } from './webhookEndpoints';
import { HOLD_HEADER, RATE_LIMIT_HEADER } from './rehearsals';
import { withTexts } from './openApiExamples';
import { withOpenAnswers } from './openApiOpen';
import { bookPaths, bookSchemas } from './openApiBooks';
import { subscriptionPaths, subscriptionSchemas } from './openApiSubscriptions';
import { API_VERSION_HEADER, API_VERSIONS, CURRENT_API_VERSION } from '../../merchantView/apiVersion';
import { EVENT_DAYS } from '../../store/merchantEvents';
import { ATTEMPTS_SHOWN } from '../../webhooks/attemptHistory';

// Served at /api/v1/merchant/openapi.json; limits from merchantSchemas.ts, answers checked by merchantApi.test.ts.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const money = (description: string) => ({ type: 'number', minimum: 0, description: `${description} (in the merchant's currency: USD with at most two decimals, COP in whole pesos)` });
const positiveMoney = (description: string) => ({ type: 'number', exclusiveMinimum: 0, description: `${description} (in the merchant's currency: USD with at most two decimals, COP in whole pesos)` });
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description });
const nullable = (schema: Record<string, unknown>) => ({ ...schema, type: [schema['type'], 'null'] });

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const answer = (description: string, schemaName: string) => ({ description, content: json(ref(schemaName)) });
const error = (description: string) => answer(description, 'Error');

const errors = {
  '400': error(`Bad input: \`code\` says what, \`message\` names the field; a ${API_VERSION_HEADER} that is no version (\`unsupported_api_version\`)`),
  '401': error('No key (`missing_secret_key`) or a key that belongs to no merchant (`invalid_secret_key`)'),
  '429': {
    ...error(`Too many requests (\`too_many_requests\`): wait Retry-After seconds. Rehearse it in the sandbox with ${RATE_LIMIT_HEADER}: 1 (docs/sandbox.md)`),
    headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } },
  },
};
const postErrors = {
  ...errors,
  '413': error('The body is larger than 64 KB (`payload_too_large`)'),
  '415': error('The body is not `application/json` (`unsupported_media_type`)'),
  '409': error(`The Idempotency-Key was used with another body (\`idempotency_key_reused\`) or its first request still runs (\`idempotency_key_in_use\`; rehearse it in the sandbox with ${HOLD_HEADER}, docs/sandbox.md), or the call conflicts with the object's state`),
};
const replayedHeader = {
  'Idempotent-Replayed': { description: 'Present (`true`) when the answer is the first answer given again for a repeated Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
};

const idempotencyKeyText = `Makes the POST safe to retry: the same key with the same body answers the first answer for ${IDEMPOTENCY_KEY_TTL_HOURS} hours; with another body it is a 409. 1 to 255 visible ASCII characters (a UUID).`;
const idempotencyKey = { name: 'Idempotency-Key', in: 'header', required: false, description: idempotencyKeyText, schema: { type: 'string', minLength: 1, maxLength: 255 } };
const requiredIdempotencyKey = { ...idempotencyKey, required: true, description: `Required here (without it: 400 \`missing_idempotency_key\`). ${idempotencyKeyText}` };
/** A door that takes a webhook URL: one that is or resolves to a loopback, private or internal address is refused (docs/webhooks.md "Webhook URLs"). */
const webhookUrlErrors = {
  ...postErrors,
  '400': error('Bad input: `code` says what, `message` names the field; a URL that is or resolves to a loopback, private, link-local, CGNAT, reserved or metadata address, or a name that does not resolve (`webhook_url_not_public`)'),
};
const keyedPostErrors = {
  ...postErrors,
  '400': error('Bad input: `code` says what, `message` names the field; no Idempotency-Key (`missing_idempotency_key`) or one that is not 1 to 255 visible ASCII characters (`invalid_idempotency_key`)'),
};
const pageParams = [
  { name: 'limit', in: 'query', required: false, description: 'How many to answer', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default } },
  { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page', schema: { type: 'string', pattern: CURSOR_PATTERN } },
  { name: 'createdFrom', in: 'query', required: false, description: 'Created at or after (RFC 3339)', schema: { type: 'string', format: 'date-time' } },
  { name: 'createdTo', in: 'query', required: false, description: 'Created before (RFC 3339); after `createdFrom` (else a 400 `invalid_arguments`: the range holds nothing)', schema: { type: 'string', format: 'date-time' } },
];
const changedParams = [
  { name: 'updatedFrom', in: 'query', required: false, description: 'Changed at or after (RFC 3339): what changed since you last looked, whenever it was created', schema: { type: 'string', format: 'date-time' } },
  { name: 'updatedTo', in: 'query', required: false, description: 'Changed before (RFC 3339); after `updatedFrom` (else a 400 `invalid_arguments`: the range holds nothing)', schema: { type: 'string', format: 'date-time' } },
];
const versionParam = {
  name: API_VERSION_HEADER, in: 'header', required: false,
  description: `The API version to answer in (default: the newest, ${CURRENT_API_VERSION}); another value is a 400 \`unsupported_api_version\``,
  schema: { type: 'string', enum: [...API_VERSIONS] },
};
const versionHeader = { [API_VERSION_HEADER]: { description: 'The API version this answer is written in (docs/changelog.md)', schema: { type: 'string', enum: [...API_VERSIONS] } } };
const orderReferenceParam = { name: 'orderReference', in: 'query', required: false, description: 'Only those of this order reference', schema: { type: 'string', pattern: ORDER_REFERENCE_PATTERN } };
const codeParam = { name: 'code', in: 'path', required: true, description: 'The payment link\'s code, in any case (its url\'s lower-case one too)', schema: { type: 'string' } };
const codOperParam = { name: 'codOper', in: 'path', required: true, description: 'The transaction\'s operation code', schema: { type: 'string' } };

const metadataSchema = {
  type: 'object',
  description: `The shop's own strings, given back in every answer and webhook: at most ${METADATA_LIMITS.keys} keys of at most ${METADATA_LIMITS.keyLength} characters (letters, digits, \`_\`, \`.\`, \`-\`; not ${RESERVED_METADATA_KEYS.join(', ')}), values of at most ${METADATA_LIMITS.valueLength} characters`,
  maxProperties: METADATA_LIMITS.keys,
  propertyNames: { pattern: METADATA_KEY_PATTERN, maxLength: METADATA_LIMITS.keyLength, not: { enum: [...RESERVED_METADATA_KEYS] } },
  additionalProperties: { type: 'string', maxLength: METADATA_LIMITS.valueLength },
};

const refundRequired = ['id', 'codOper', 'amount', 'status', 'createdAt'];
const refundProperties = {
  id: { type: 'string' },
  codOper: { type: 'string' },
  amount: money('What it gives back'),
  status: {
    type: 'string', enum: ['pending', 'succeeded', 'failed'],
    description: 'pending while its gateway has not answered (it holds its part of what remains); asked again by the refund\'s key, it becomes succeeded if the gateway made it, failed (its part free again) if it made none',
  },
  createdAt: dateTime('When it was asked for'),
};

/** A link's custom field as a merchant writes it (core LinkCustomFieldsSchema). */
const customFieldInput = {
  type: 'object', additionalProperties: false, required: ['id', 'type'],
  properties: {
    id: { type: 'string', pattern: `^[A-Za-z0-9_-]{1,${CUSTOM_FIELD_LIMITS.id}}$`, description: 'Unique among the link\'s fields; CF is put in front (cedula is CFcedula), as the answers name it' },
    type: { type: 'string', enum: [...CUSTOM_FIELD_TYPES], description: 'string, number, email or phone: a text input (with its keyboard); options: a list of choices; hidden: not shown, its value goes with the payment' },
    nameOrLabel: { type: 'string', maxLength: CUSTOM_FIELD_LIMITS.label, description: 'The label the payer reads; required unless hidden' },
    description: { type: 'string', maxLength: CUSTOM_FIELD_LIMITS.description },
    value: { type: ['string', 'number'], description: 'A hidden field\'s value (required there); else what the input starts with (one of the options for options)' },
    required: { type: 'boolean', description: 'The payer cannot pay leaving it empty (default false; never on a hidden field)' },
    options: { type: 'array', minItems: 1, maxItems: CUSTOM_FIELD_LIMITS.options, items: { type: 'string', minLength: 1, maxLength: CUSTOM_FIELD_LIMITS.option }, description: 'The choices of an options field (required there, and only there)' },
  },
};
/** A link's custom field as the checkout reads it (core parseCustomFields). */
const customFieldOfLink = {
  type: 'object', additionalProperties: false, required: ['id', 'type', 'description', 'nameOrLabel', 'value', 'required', 'options'],
  properties: {
    id: { type: 'string' }, type: { type: 'string' }, description: { type: 'string' }, nameOrLabel: { type: 'string' },
    value: { type: ['string', 'number', 'null'] }, required: { type: 'boolean' },
    options: { type: 'array', items: { type: 'object', additionalProperties: false, required: ['label', 'value'], properties: { label: { type: 'string' }, value: { type: 'string' } } } },
  },
};

const transactionRequired = ['codOper', 'method', 'result', 'amount', 'taxAmount', 'linkCode', 'orderReference', 'metadata', 'subscriptionKey', 'refundedAmount',
  'currency', 'donationAmount', 'totalPaid', 'refundableAmount', 'captureMethod', 'captured', 'capturableAmount', 'captureBefore', 'payer', 'card', 'walletPhone', 'customFields', 'status', 'authStatus', 'createdAt', 'updatedAt'];
const transactionProperties = {
  codOper: { type: 'string' },
  method: { type: 'string', enum: [...TRANSACTION_METHODS] },
  result: { type: 'string', enum: [...RESULTS], description: 'APPROVED, PENDING or DECLINED (a void is DECLINED)' },
  amount: money('The amount'),
  taxAmount: money('Its tax'),
  linkCode: nullable({ type: 'string' }),
  orderReference: nullable({ type: 'string', description: 'Its link\'s order reference' }),
  metadata: metadataSchema,
  subscriptionKey: nullable({ type: 'string', description: 'The subscription a charge is of, its first payment or a renewal (the key its checkout opened with); null for any other payment' }),
  refundedAmount: money('What refunds have given back'),
  currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency (ISO 4217), set from its country when it was made: USD in Panama, COP (whole pesos) in Colombia. Every amount is in its units: 50000 in COP is fifty thousand pesos' },
  donationAmount: money('The donation the payer added for a campaign (0 without)'),
  totalPaid: money('amount + taxAmount + donationAmount: what the payer pays in all (taken only when result is APPROVED); of a manual payment once captured, what the capture took, and 0 once its hold was voided or expired uncaptured'),
  refundableAmount: money('What a refund could still give back: 0 unless APPROVED and of a method with a way back, 0 while a dispute is open; of a manual payment, out of what was captured, less what a dispute took'),
  captureMethod: { type: 'string', enum: [...CAPTURE_METHODS], description: 'Its link\'s: a manual payment is a hold on the card that you capture or void' },
  captured: { type: 'boolean', description: 'Whether the money was taken: false while a manual payment\'s hold is open (the payer sees it approved), and after it is released' },
  capturableAmount: money('What a capture could still take: the hold while it is open, else 0'),
  captureBefore: nullable(dateTime('While a hold is open: when it is released if not captured (HOLD_RELEASE_AFTER_MS)')),
  payer: {
    type: 'object', additionalProperties: false, required: ['email', 'name'], description: 'Who paid, as they typed it',
    properties: { email: nullable({ type: 'string' }), name: nullable({ type: 'string' }) },
  },
  card: nullable({
    type: 'object', additionalProperties: false, required: ['brand', 'last4'], description: 'A card payment\'s card: never its number or CVC',
    properties: { brand: { type: 'string', description: 'VISA, MC or AMEX' }, last4: { type: 'string', pattern: '^[0-9]{4}$' } },
  }),
  walletPhone: nullable({ type: 'string', pattern: '^\\*{4}[0-9]{4}$', description: 'A Nequi or Yappy payment\'s phone, masked to its last four digits' }),
  customFields: {
    type: 'array', description: 'What the payer answered to the custom fields the checkout asked (the link\'s and your account\'s), hidden ones\' values included; [] when none were asked',
    items: {
      type: 'object', additionalProperties: false, required: ['id', 'label', 'value'],
      properties: {
        id: { type: 'string', description: 'The field\'s id, CF in front (CFcedula for the id cedula)' },
        label: { type: 'string', description: 'Its nameOrLabel, else its description, else its id' },
        value: { type: ['string', 'number', 'null'], description: 'As typed or chosen: numeric text is a number (0012 stays text), left empty is null' },
      },
    },
  },
  status: { type: 'integer', description: 'The method\'s status code' },
  authStatus: { type: 'string', description: 'The gateway\'s status (CANCELLED after a void)' },
  cancelReason: {
    type: 'string', enum: [...MERCHANT_CANCEL_REASONS],
    description: 'Only when authStatus is CANCELLED: the payer left it for another card or method (payer), another payment paid its single-use link (paid_elsewhere), you voided it (merchant), or its hold was not captured in time (hold_expired)',
  },
  refund: ref('CryptoRefundOwed'),
  overpayment: ref('CryptoOverpayment'),
  owedToPayer: money('Only while money a gateway took for a called-off payment is not given back (a voucher paid at a kiosk late, coins on chain): what is owed to the payer'),
  createdAt: dateTime('When it started'),
  updatedAt: dateTime('When it last changed'),
};

/** On the API's answers, not in webhooks: what the payment's lines in the books add up to. */
const transactionBooksRequired = ['fee', 'net', 'balanceTransactionIds'];
const transactionBooksProperties = {
  fee: nullable({ type: 'number', description: 'The sum of the fees of its balance transactions (its payment line\'s fee, less what refunds gave back, plus any dispute fee); null before it has any (not approved)' }),
  net: nullable({ type: 'number', description: 'The sum of the nets of its balance transactions: what it adds to your balance now; null before it has any' }),
  balanceTransactionIds: { type: 'array', items: { type: 'string' }, description: 'Its balance transactions (txn_...), oldest first: the payment line, then refunds and disputes' },
};

const endpointIdParam = { name: 'id', in: 'path', required: true, description: 'The endpoint\'s id (we_...)', schema: { type: 'string' } };
const endpointNotFound = error('No such webhook endpoint of this merchant (`webhook_endpoint_not_found`)');
/** docs/merchant-api.md "Rolling keys". */
const keyRetiring = error('The key that asked is being retired (in its overlap window after a roll): only the current key rolls keys or changes webhook endpoints and their secrets (`secret_key_retiring`)');
const eventTypes = { type: 'array', minItems: 1, items: { type: 'string', enum: ['*', ...WEBHOOK_EVENT_TYPES] }, description: 'The event types it takes; `*`: all (the default)' };
const endpointProperties = {
  id: { type: 'string' },
  url: { type: 'string', format: 'uri' },
  events: eventTypes,
  primary: { type: 'boolean', description: 'The merchant\'s webhookUrl (its first endpoint)' },
  previousSecretExpiresAt: nullable({ type: 'string', format: 'date-time', description: 'While a rolled secret still signs too: until when' }),
  createdAt: dateTime('When it was added'),
  updatedAt: dateTime('When it last changed'),
  secret: { type: 'string', description: 'The signing secret (whsec_...): only when it is new (create, roll)' },
};
const deliveryProperties = {
  id: { type: 'string', description: 'The delivery\'s id (for the webhookUrl endpoint, the event\'s own id)' },
  eventId: nullable({ type: 'string', description: 'The event it carries; null for a test event' }),
  test: { type: 'boolean', description: 'A test event (POST /webhook-endpoints/{id}/test)' },
  state: { type: 'string', enum: ['pending', 'delivered', 'failed', 'skipped'], description: 'pending until a 2xx or until its retries run out; skipped: a type the endpoint no longer takes' },
  attempts: { type: 'integer', minimum: 0 },
  lastStatusCode: nullable({ type: 'integer' }),
  lastError: nullable({ type: 'string', description: 'timeout, a socket error\'s code, address_not_public...' }),
  nextAttemptAt: nullable({ type: 'string', format: 'date-time' }),
  deliveredAt: nullable({ type: 'string', format: 'date-time' }),
  createdAt: dateTime('When it was queued'),
  attemptsRecorded: { type: 'integer', minimum: 0, description: 'Every attempt made, redeliveries included (attempts counts those since the last redelivery)' },
  recentAttempts: {
    type: 'array', maxItems: ATTEMPTS_SHOWN, description: `The last ${ATTEMPTS_SHOWN} attempts, newest first, each as it went`,
    items: {
      type: 'object', additionalProperties: false, required: ['number', 'attemptedAt', 'statusCode', 'error', 'durationMs'],
      properties: {
        number: { type: 'integer', minimum: 1, description: 'Its place among every attempt at the delivery, redeliveries included' },
        attemptedAt: dateTime('When it was sent'),
        statusCode: nullable({ type: 'integer', description: 'The HTTP status the endpoint answered; null when it did not' }),
        error: nullable({ type: 'string', description: 'Why there was no answer: timeout, a socket error\'s code, address_not_public...' }),
        durationMs: { type: 'integer', minimum: 0, description: 'How long it took, in milliseconds' },
      },
    },
  },
};

const schemas = {
  CreateWebhookEndpoint: {
    type: 'object', required: ['url'], additionalProperties: false,
    properties: { url: { type: 'string', format: 'uri', maxLength: 2000, description: 'http or https; delivery refuses private and internal addresses' }, events: eventTypes },
  },
  UpdateWebhookEndpoint: { type: 'object', additionalProperties: false, properties: { url: { type: 'string', format: 'uri', maxLength: 2000 }, events: eventTypes } },
  WebhookEndpoint: { type: 'object', additionalProperties: false, required: ['id', 'url', 'events', 'primary', 'previousSecretExpiresAt', 'createdAt', 'updatedAt'], properties: endpointProperties },
  WebhookEndpointList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'], additionalProperties: false,
    properties: { data: { type: 'array', items: ref('WebhookEndpoint') }, hasMore: { type: 'boolean' }, nextCursor: { type: 'null' } },
  },
  DeletedWebhookEndpoint: { type: 'object', additionalProperties: false, required: ['id', 'deleted'], properties: { id: { type: 'string' }, deleted: { type: 'boolean', enum: [true] } } },
  WebhookDelivery: { type: 'object', additionalProperties: false, required: Object.keys(deliveryProperties), properties: deliveryProperties },
  WebhookDeliveryList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'], additionalProperties: false,
    properties: { data: { type: 'array', items: ref('WebhookDelivery') }, hasMore: { type: 'boolean' }, nextCursor: { type: 'null' } },
  },
  TestWebhook: { type: 'object', required: ['type'], additionalProperties: false, properties: { type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } } },
  Roll: {
    type: 'object', additionalProperties: false,
    properties: { expiresInSeconds: { type: 'integer', minimum: 0, maximum: MAX_OVERLAP_SECONDS, default: 0, description: 'How long the old secret or key keeps working' } },
  },
  RolledKey: {
    type: 'object', additionalProperties: false, required: ['secretKey', 'previousKeyExpiresAt'],
    properties: {
      secretKey: { type: 'string', description: 'The new secret key (sk_test_...): shown once' },
      previousKeyExpiresAt: nullable({ type: 'string', format: 'date-time', description: 'Until when the old key still works; null: it stopped at once' }),
    },
  },
  Error: {
    type: 'object', required: ['code', 'message'], additionalProperties: false,
    properties: {
      code: { type: ['string', 'integer'], description: 'The catalogue\'s code (docs/merchant-api.md "Errors")' },
      message: { type: 'string', description: 'What is wrong, naming the field or the limit, wholly in one language: ?lang= (es or en), else the one Accept-Language asks for, else es. Branch on code, not on these words' },
      requestId: { type: 'string', description: 'This request\'s id, as in its X-Request-Id header: quote it to support' },
    },
  },
  CreatePaymentLink: {
    type: 'object', required: ['amount', 'description'], additionalProperties: false,
    properties: {
      amount: positiveMoney('The price, above 0'),
      taxAmount: money('Its tax (default 0)'),
      description: { type: 'string', minLength: 1, maxLength: LINK_DESCRIPTION_MAX, description: 'What the payer pays for; the default, shown in a language `descriptions` does not give' },
      descriptions: {
        type: 'object', additionalProperties: false,
        properties: Object.fromEntries(LANGUAGES.map((lang) => [lang, { type: 'string', minLength: 1, maxLength: LINK_DESCRIPTION_MAX }])),
        description: 'The description in each language you write it in (es, en): a payer whose checkout is in that language reads it, any other reads `description`',
      },
      orderReference: { type: 'string', pattern: ORDER_REFERENCE_PATTERN, description: 'The shop\'s own id for the order: unique among the merchant\'s links' },
      metadata: metadataSchema,
      expiresAt: { type: 'string', format: 'date-time', description: `When the link stops taking payments (RFC 3339 with offset; within ${MAX_LINK_DAYS} days)` },
      singleUse: { type: 'boolean', description: 'Takes one payment, whatever the method (default false)' },
      captureMethod: { type: 'string', enum: [...CAPTURE_METHODS], description: 'automatic (default) takes a card\'s money at once; manual only holds it, for you to capture (in part or whole) or void' },
      brands: { type: 'array', minItems: 1, items: { type: 'string', enum: [...LINK_BRANDS] }, description: 'Only cards of these brands' },
      methods: { type: 'array', minItems: 1, items: { type: 'string', enum: [...LINK_METHODS] }, description: 'Only these methods (CARD for a card)' },
      returnUrl: { type: 'string', format: 'uri', maxLength: 2000, description: 'Where the payer goes back after paying (http or https)' },
      customFields: {
        type: 'array', maxItems: CUSTOM_FIELD_LIMITS.fields, items: customFieldInput,
        description: 'What the checkout asks the payer (with a card) besides the card; the answers come with the payment as its `customFields`',
      },
    },
  },
  PaymentLink: {
    type: 'object', additionalProperties: false,
    required: ['code', 'url', 'state', 'amount', 'taxAmount', 'description', 'descriptions', 'orderReference', 'metadata', 'singleUse', 'captureMethod', 'brands', 'methods', 'returnUrl', 'customFields', 'expiresAt', 'paidBy', 'payments', 'createdAt', 'updatedAt'],
    properties: {
      code: { type: 'string', description: 'What `Checkout.open({ code })` takes' },
      url: { type: 'string', format: 'uri', description: 'The checkout page to send the payer to' },
      state: { type: 'string', enum: [...LINK_STATES], description: 'open; paid (a single-use link that took its payment); expired' },
      amount: money('The price'),
      taxAmount: money('Its tax'),
      description: { type: 'string' },
      descriptions: {
        type: 'object', properties: Object.fromEntries(LANGUAGES.map((lang) => [lang, { type: 'string' }])),
        description: 'The description per language given at creation (empty when none)',
      },
      orderReference: nullable({ type: 'string' }),
      metadata: metadataSchema,
      singleUse: { type: 'boolean' },
      captureMethod: { type: 'string', enum: [...CAPTURE_METHODS] },
      brands: { type: 'array', items: { type: 'string', enum: [...LINK_BRANDS] }, description: 'The card brands it takes; [] any your account takes' },
      methods: { type: 'array', items: { type: 'string', enum: [...LINK_METHODS] }, description: 'The methods it takes, CARD among them whenever brands are given; [] every method your account offers' },
      returnUrl: nullable({ type: 'string' }),
      customFields: { type: 'array', items: customFieldOfLink, description: 'What the checkout asks the payer, as it reads them: ids with CF in front; [] when none' },
      expiresAt: nullable(dateTime('When it stops taking payments')),
      paidBy: nullable({ type: 'string', description: 'The codOper of the payment that paid a single-use link' }),
      payments: { type: 'integer', minimum: 0, description: 'How many payments were attempted on it' },
      createdAt: dateTime('When it was made'),
      updatedAt: dateTime('When it last changed: a payment made on it, paid, expired (by you or by its time passing)'),
    },
  },
  PaymentLinkList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'], additionalProperties: false,
    properties: { data: { type: 'array', items: ref('PaymentLink') }, hasMore: { type: 'boolean' }, nextCursor: nullable({ type: 'string' }) },
  },
  CryptoRefundOwed: {
    type: 'object', description: 'On a cancelled crypto payment that had received coins: what goes back to the payer',
    required: ['amount', 'coin', 'network', 'status'],
    properties: {
      amount: { type: 'number' }, coin: { type: 'string' }, network: { type: 'string' }, to: { type: ['string', 'null'] },
      status: { type: 'string', enum: ['pending', 'refunded'] }, refundedAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  CryptoOverpayment: {
    type: 'object', description: 'On a crypto payment paid beyond its quote: the coins beyond it, the payer\'s, sent back to the address they came from (pending until sent), never out of your balance; the payment and its books are at the quote',
    required: ['amount', 'coin', 'network', 'status'],
    properties: {
      amount: { type: 'number' }, coin: { type: 'string' }, network: { type: 'string' }, to: { type: ['string', 'null'] },
      status: { type: 'string', enum: ['pending', 'refunded'] }, refundedAt: { type: ['string', 'null'], format: 'date-time' },
    },
  },
  Refund: { type: 'object', required: refundRequired, additionalProperties: false, properties: refundProperties },
  Transaction: {
    type: 'object', additionalProperties: false, required: [...transactionRequired, ...transactionBooksRequired],
    properties: { ...transactionProperties, ...transactionBooksProperties, refunds: { type: 'array', items: ref('Refund'), description: 'Its refunds, oldest first (on one transaction, not in lists)' } },
  },
  TransactionList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'], additionalProperties: false,
    properties: { data: { type: 'array', items: ref('Transaction') }, hasMore: { type: 'boolean' }, nextCursor: nullable({ type: 'string' }) },
  },
  EventList: {
    type: 'object', required: ['data', 'hasMore', 'nextCursor'], additionalProperties: false,
    properties: { data: { type: 'array', items: ref('WebhookEvent') }, hasMore: { type: 'boolean' }, nextCursor: nullable({ type: 'string' }) },
  },
  CreateCapture: {
    type: 'object', additionalProperties: false,
    properties: { amount: positiveMoney('What to take, at most the hold; absent: all of it. The rest is released') },
  },
  CreateRefund: {
    type: 'object', additionalProperties: false,
    properties: { amount: positiveMoney('What to give back; absent: all that remains') },
  },
  RefundResult: {
    type: 'object', additionalProperties: false, required: [...refundRequired, 'transaction'],
    properties: { ...refundProperties, transaction: ref('Transaction') },
  },
  Empty: { type: 'object', additionalProperties: false, description: 'No fields (the body may also be left empty)' },
  Brand: {
    type: 'object', additionalProperties: false, required: ['colorPrimary', 'displayName', 'logoUrl'],
    description: 'What the checkout, its receipts and e-mails, and the bank and 3DS pages show of the merchant; `appearance` in `Checkout.open()` overrides the colour',
    properties: {
      colorPrimary: nullable({ type: 'string', pattern: '^#[0-9a-f]{6}$', description: 'The brand colour (null: the checkout\'s own)' }),
      displayName: nullable({ type: 'string', minLength: 1, maxLength: BRAND_NAME_MAX, description: 'The name payers see (null: the merchant\'s name)' }),
      logoUrl: nullable({ type: 'string', format: 'uri', description: 'The uploaded logo on the checkout origin, at an address that changes with its bytes (null: none)' }),
    },
  },
  UpdateBrand: {
    type: 'object', additionalProperties: false,
    description: 'Each field given is set; null removes it; a field left out stays as it is',
    properties: {
      colorPrimary: nullable({ type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', description: 'A hex colour (#6b3e26 or #a52), kept in lower case with six digits' }),
      displayName: nullable({
        type: 'string', minLength: 1, maxLength: BRAND_NAME_MAX,
        description: `At most ${BRAND_NAME_MAX} characters, one line, no control or bidi characters (the marks U+200E, U+200F and U+061C included), and something visible (not only spaces or invisible characters)`,
      }),
      logo: { type: 'null', description: 'null removes the logo (upload one with POST /brand/logo)' },
    },
  },
  WebhookEvent: {
    type: 'object', required: ['id', 'type', 'apiVersion', 'createdAt', 'data'],
    description: 'A webhook\'s body, and an item of the change feed (GET /events): the same object',
    properties: {
      id: { type: 'string', description: 'The event\'s id: drop repeats by it' },
      type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES], description: 'Later versions may add types: a client should pass on or ignore one it does not know' },
      apiVersion: { type: 'string', enum: [...API_VERSIONS], description: `The API version the event is written in (also the delivery's ${API_VERSION_HEADER} header)` },
      createdAt: dateTime('When it happened'),
      test: { type: 'boolean', enum: [true], description: 'Only on a test event (POST /webhook-endpoints/{id}/test): about no real payment' },
      data: {
        description: 'A transaction.* event: the transaction as it stood (the verify call\'s fields, with refundId and refundAmount on a refund\'s event); a payout.* event: the payout; a dispute.* event: the dispute with the evidence\'s presence, not its text; subscription.cancelled: the subscription as GET /subscriptions/{subscriptionKey} answers it',
        anyOf: [{
          type: 'object', required: transactionRequired,
          properties: {
            ...transactionProperties,
            refundId: { type: 'string', description: 'transaction.refunded and transaction.refund_failed: the refund the event announces' },
            refundAmount: money('transaction.refunded: what it gave back; transaction.refund_failed: what it did not give back (free to refund again)'),
            refundFailureReason: {
              type: 'string', enum: [...REFUND_FAILURE_REASONS],
              description: 'transaction.refund_failed: refused (the gateway refused it when asked), not_made (its gateway did not answer in time and, asked again by the refund\'s key, said it never made it)',
            },
          },
        }, ref('Payout'), ref('DisputeEventData'), ref('Subscription')],
      },
    },
  },
};

type Answer = { description: string; headers?: Record<string, unknown>; content?: unknown };
type Operation = { parameters?: unknown[]; responses: Record<string, Answer> } & Record<string, unknown>;

function withVersion(paths: Record<string, Record<string, Operation>>) {
  return Object.fromEntries(Object.entries(paths).map(([path, operations]) => [path, Object.fromEntries(Object.entries(operations).map(([method, op]) => [method, {
    ...op,
    parameters: [...(op.parameters ?? []), versionParam],
    responses: Object.fromEntries(Object.entries(op.responses).map(([status, r]) => [status, { ...r, headers: { ...r.headers, ...versionHeader } }])),
  }]))]));
}

const signatureParam = {
  name: 'Pasarela-Signature', in: 'header', required: true,
  description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint\'s secret>`; while a rolled secret still signs, a second `v1=` (the new secret\'s first). Check one v1 in constant time and that t is recent (5 minutes).',
  schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
};

export function openApiDocument(origin: string) {
  return withOpenAnswers({
    openapi: '3.1.0',
    info: {
      title: 'Pasarela merchant API',
      version: '1.0.0',
      description: 'What a merchant\'s server calls with its secret key: payment links, transactions, captures, refunds and voids, subscriptions. Plain JSON; every POST takes an Idempotency-Key, required on link creation, captures, refunds and voids. docs/merchant-api.md tells how to use it.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Pasarela' },
    },
    servers: [{ url: `${origin}${MERCHANT_API_PREFIX}`, description: 'This server' }],
    security: [{ secretKey: [] }],
    tags: [
      { name: 'Payment links', description: 'Links the payer opens to pay' },
      { name: 'Transactions', description: 'Payments, their refunds and voids' },
      { name: 'Brand', description: 'The colour, name and logo payers see' },
      { name: 'Webhook endpoints', description: 'Where webhooks go, which events, their deliveries and secrets' },
      { name: 'Keys', description: 'Rolling the secret key' },
      { name: 'Events', description: 'What changed: the events webhooks carry' },
      { name: 'Books', description: 'The balance, its ledger (balance transactions, also as CSV) and payouts' },
      { name: 'Subscriptions', description: 'Subscriptions to your plans: list, read, cancel' },
    ],
    paths: withTexts(withVersion({
      ...bookPaths(errors, error, postErrors, idempotencyKey),
      ...subscriptionPaths(errors, error, postErrors, idempotencyKey),
      '/payment-links': {
        post: {
          operationId: 'createPaymentLink', tags: ['Payment links'], summary: 'Create a payment link',
          parameters: [requiredIdempotencyKey],
          requestBody: { required: true, content: json(ref('CreatePaymentLink')) },
          responses: {
            '201': { description: 'The link', headers: replayedHeader, content: json(ref('PaymentLink')) },
            ...keyedPostErrors,
            '422': error('Amount plus tax over the merchant\'s limit (`amount_exceeds_limit_allowed`)'),
          },
        },
        get: {
          operationId: 'listPaymentLinks', tags: ['Payment links'], summary: 'List payment links, newest first',
          parameters: [...pageParams, ...changedParams, { name: 'state', in: 'query', required: false, description: 'Only links in this state', schema: { type: 'string', enum: [...LINK_STATES] } }, orderReferenceParam],
          responses: { '200': answer('A page of links', 'PaymentLinkList'), ...errors },
        },
      },
      '/payment-links/{code}': {
        get: {
          operationId: 'getPaymentLink', tags: ['Payment links'], summary: 'Retrieve a payment link', parameters: [codeParam],
          responses: { '200': answer('The link', 'PaymentLink'), ...errors, '404': error('No such link of this merchant (`payment_link_not_found`)') },
        },
      },
      '/payment-links/{code}/expire': {
        post: {
          operationId: 'expirePaymentLink', tags: ['Payment links'], summary: 'Expire a payment link now', parameters: [codeParam, idempotencyKey],
          requestBody: { required: false, content: json(ref('Empty')) },
          responses: {
            '200': { description: 'The link, expired', headers: replayedHeader, content: json(ref('PaymentLink')) },
            ...postErrors, '404': error('No such link of this merchant (`payment_link_not_found`)'),
          },
        },
      },
      '/transactions': {
        get: {
          operationId: 'listTransactions', tags: ['Transactions'], summary: 'List transactions, newest first',
          parameters: [
            ...pageParams,
            ...changedParams,
            { name: 'linkCode', in: 'query', required: false, description: 'Only those of this link (its code in any case)', schema: { type: 'string', pattern: LINK_CODE_PATTERN } },
            {
              name: 'trackId', in: 'query', required: false,
              description: 'Only the payment the checkout sent with this idempotency key: the `lookup.trackId` of an `unknown` result the shop\'s page heard',
              schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,64}$' },
            },
            { ...orderReferenceParam, description: 'Only those of this order\'s link, a payment still waiting on the payer included (result PENDING)' },
            { name: 'method', in: 'query', required: false, description: 'Only those of this method', schema: { type: 'string', enum: [...TRANSACTION_METHODS] } },
            { name: 'result', in: 'query', required: false, description: 'Only those with this result', schema: { type: 'string', enum: [...RESULTS] } },
          ],
          responses: { '200': answer('A page of transactions', 'TransactionList'), ...errors },
        },
      },
      '/transactions/{codOper}': {
        get: {
          operationId: 'getTransaction', tags: ['Transactions'], summary: 'Retrieve a transaction (the verify call)', parameters: [codOperParam],
          responses: { '200': answer('The transaction, with its refunds', 'Transaction'), ...errors, '404': error('No such transaction of this merchant (`transaction_not_found`)') },
        },
      },
      '/transactions/{codOper}/refunds': {
        post: {
          operationId: 'refundTransaction', tags: ['Transactions'], summary: 'Refund an approved payment, in full or in part', parameters: [codOperParam, requiredIdempotencyKey],
          requestBody: { required: false, content: json(ref('CreateRefund')) },
          responses: {
            '201': { description: 'The refund (pending if its gateway has not answered yet) and the transaction after it', headers: replayedHeader, content: json(ref('RefundResult')) },
            ...keyedPostErrors,
            '404': error('No such transaction of this merchant (`transaction_not_found`)'),
            '409': error(`${postErrors['409'].description}: nothing paid to refund (\`transaction_not_refundable\`), everything refunded (\`transaction_fully_refunded\`: refunds made cover what was paid), the charge is disputed (\`charge_disputed\`: a dispute is open, or the amount asked is money a dispute took), or a balance payment's refund its wallet cannot hold (\`wallet_balance_full\`: nothing moved)`),
            '422': error('More than what remains (`refund_exceeds_remaining`; 0 remains while refunds still pending hold the rest), or a method that cannot be refunded (`refund_not_supported`)'),
            '502': error('The gateway refused the refund (`refund_refused`): nothing was given back'),
          },
        },
      },
      '/transactions/{codOper}/capture': {
        post: {
          operationId: 'captureTransaction', tags: ['Transactions'], summary: 'Capture a manual payment\'s hold, in full or in part', parameters: [codOperParam, requiredIdempotencyKey],
          requestBody: { required: false, content: json(ref('CreateCapture')) },
          responses: {
            '200': { description: 'The transaction, captured (`captured: true`): the part taken enters your balance, the rest is released', headers: replayedHeader, content: json(ref('Transaction')) },
            ...keyedPostErrors,
            '404': error('No such transaction of this merchant (`transaction_not_found`)'),
            '409': error('Not a hold still open (`transaction_not_capturable`), or captured already (`transaction_already_captured`)'),
            '422': error('More than the hold (`capture_exceeds_hold`), or a part of a hold carrying a donation (`capture_must_be_whole`)'),
            '502': error('The card processor refused the capture (`capture_refused`): the hold is as it was'),
            '504': error('The card processor did not answer (`payment_error_try_again`): the capture is asked again until it answers'),
          },
        },
      },
      '/transactions/{codOper}/void': {
        post: {
          operationId: 'voidTransaction', tags: ['Transactions'], summary: 'Call off a payment that is still pending, or release a hold not captured', parameters: [codOperParam, requiredIdempotencyKey],
          requestBody: { required: false, content: json(ref('Empty')) },
          responses: {
            '200': { description: 'The transaction, voided (DECLINED, authStatus CANCELLED)', headers: replayedHeader, content: json(ref('Transaction')) },
            ...keyedPostErrors,
            '404': error('No such transaction of this merchant (`transaction_not_found`)'),
            '409': error('Not pending nor a hold still open (`transaction_not_pending`, `transaction_not_capturable`, `transaction_already_captured`)'),
            '502': error('The card processor refused to release the hold (`void_refused`): nothing changed'),
            '504': error('The card processor did not answer the release of a hold (`payment_error_try_again`): it is asked again until it answers'),
            '503': error('The gateway did not answer (`connection_error`): nothing changed, try again'),
          },
        },
      },
      '/events': {
        get: {
          operationId: 'listEvents', tags: ['Events'], summary: 'List events, newest first (the change feed)',
          description: `Every event a webhook carries, the same object as its body, whether or not its delivery got through; kept ${EVENT_DAYS} days.`,
          parameters: [
            ...pageParams,
            { name: 'type', in: 'query', required: false, description: 'Only events of this type (a type this server does not send: 400 naming `type`)', schema: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } },
          ],
          responses: { '200': answer('A page of events', 'EventList'), ...errors },
        },
      },
      '/events/{id}': {
        get: {
          operationId: 'getEvent', tags: ['Events'], summary: 'Retrieve an event',
          parameters: [{ name: 'id', in: 'path', required: true, description: 'The event\'s id (evt_...)', schema: { type: 'string' } }],
          responses: { '200': answer('The event', 'WebhookEvent'), ...errors, '404': error(`No such event of this merchant in the last ${EVENT_DAYS} days (\`event_not_found\`)`) },
        },
      },
      '/webhook-endpoints': {
        post: {
          operationId: 'createWebhookEndpoint', tags: ['Webhook endpoints'], summary: 'Add a webhook endpoint',
          description: 'A URL and the event types it takes (`*`: all). Its signing `secret` is in this answer only (and a roll\'s): a repeat with the same Idempotency-Key is answered it again only under the secret key that asked. The merchant\'s first endpoint is its webhookUrl.',
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json(ref('CreateWebhookEndpoint')) },
          responses: {
            '201': { description: 'The endpoint, with its secret', headers: replayedHeader, content: json(ref('WebhookEndpoint')) },
            ...webhookUrlErrors, '403': keyRetiring,
            '409': error('Already 16 endpoints (`webhook_endpoint_limit`), or the Idempotency-Key was used with another body or under another secret key (`idempotency_key_reused`) or its first request still runs (`idempotency_key_in_use`)'),
          },
        },
        get: {
          operationId: 'listWebhookEndpoints', tags: ['Webhook endpoints'], summary: 'List webhook endpoints', description: 'All of them (at most 16), the first (the webhookUrl) first.',
          responses: { '200': answer('The endpoints', 'WebhookEndpointList'), ...errors },
        },
      },
      '/webhook-endpoints/{id}': {
        get: {
          operationId: 'getWebhookEndpoint', tags: ['Webhook endpoints'], summary: 'Retrieve a webhook endpoint', parameters: [endpointIdParam],
          responses: { '200': answer('The endpoint', 'WebhookEndpoint'), ...errors, '404': endpointNotFound },
        },
        patch: {
          operationId: 'updateWebhookEndpoint', tags: ['Webhook endpoints'], summary: 'Change a webhook endpoint\'s URL or event types',
          description: 'POST to the same path does the same.', parameters: [endpointIdParam, idempotencyKey],
          requestBody: { required: true, content: json(ref('UpdateWebhookEndpoint')) },
          responses: { '200': { description: 'The endpoint after the change', headers: replayedHeader, content: json(ref('WebhookEndpoint')) }, ...webhookUrlErrors, '403': keyRetiring, '404': endpointNotFound },
        },
        post: {
          operationId: 'updateWebhookEndpointByPost', tags: ['Webhook endpoints'], summary: 'Change a webhook endpoint\'s URL or event types (as PATCH)',
          description: 'The same as PATCH, for clients that send POST only.', parameters: [endpointIdParam, idempotencyKey],
          requestBody: { required: true, content: json(ref('UpdateWebhookEndpoint')) },
          responses: { '200': { description: 'The endpoint after the change', headers: replayedHeader, content: json(ref('WebhookEndpoint')) }, ...webhookUrlErrors, '403': keyRetiring, '404': endpointNotFound },
        },
        delete: {
          operationId: 'deleteWebhookEndpoint', tags: ['Webhook endpoints'], summary: 'Delete a webhook endpoint',
          description: 'Its deliveries stop. Deleting the webhookUrl endpoint makes the oldest other one the webhookUrl.', parameters: [endpointIdParam],
          responses: { '200': answer('Deleted', 'DeletedWebhookEndpoint'), ...errors, '403': keyRetiring, '404': endpointNotFound },
        },
      },
      '/webhook-endpoints/{id}/roll-secret': {
        post: {
          operationId: 'rollWebhookEndpointSecret', tags: ['Webhook endpoints'], summary: 'Roll a webhook endpoint\'s signing secret',
          description: `A new secret, in this answer only (a repeat with the same Idempotency-Key is answered it again only under the secret key that asked). The old one keeps signing too (a second v1= in Pasarela-Signature) for \`expiresInSeconds\` (up to ${MAX_OVERLAP_SECONDS}, 7 days; 0 by default: it stops at once).`,
          parameters: [endpointIdParam, idempotencyKey],
          requestBody: { required: false, content: json(ref('Roll')) },
          responses: { '200': { description: 'The endpoint, with its new secret', headers: replayedHeader, content: json(ref('WebhookEndpoint')) }, ...webhookUrlErrors, '403': keyRetiring, '404': endpointNotFound },
        },
      },
      '/webhook-endpoints/{id}/deliveries': {
        get: {
          operationId: 'listWebhookDeliveries', tags: ['Webhook endpoints'], summary: 'List an endpoint\'s deliveries, newest first', parameters: [endpointIdParam],
          description: `The last 100: each event sent or to be sent to it, and test events, with its state, last attempt and last ${ATTEMPTS_SHOWN} attempts (kept across redeliveries).`,
          responses: { '200': answer('The deliveries', 'WebhookDeliveryList'), ...errors, '404': endpointNotFound },
        },
      },
      '/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver': {
        post: {
          operationId: 'redeliverWebhook', tags: ['Webhook endpoints'], summary: 'Send a delivery again now',
          description: 'The same event (same id and body), freshly signed, with a fresh retry schedule.',
          parameters: [endpointIdParam, { name: 'deliveryId', in: 'path', required: true, description: 'The delivery\'s id', schema: { type: 'string' } }, idempotencyKey],
          requestBody: { required: false, content: json(ref('Empty')) },
          responses: {
            '202': { description: 'The delivery, pending', headers: replayedHeader, content: json(ref('WebhookDelivery')) }, ...postErrors,
            '404': error('No such endpoint (`webhook_endpoint_not_found`) or delivery to it (`webhook_delivery_not_found`)'),
            '409': error('The endpoint does not take the event\'s type, or a test event\'s sample\'s (`webhook_event_type_not_taken`: add it to its events first), or the Idempotency-Key was used with another body (`idempotency_key_reused`) or its first request still runs (`idempotency_key_in_use`)'),
          },
        },
      },
      '/webhook-endpoints/{id}/test': {
        post: {
          operationId: 'sendTestWebhook', tags: ['Webhook endpoints'], summary: 'Send a signed sample event to an endpoint',
          description: 'A made-up card payment\'s event of that type, marked `"test": true`, signed as any delivery and listed in its deliveries. It names no real payment.',
          parameters: [endpointIdParam, idempotencyKey],
          requestBody: { required: true, content: json(ref('TestWebhook')) },
          responses: {
            '202': { description: 'The test delivery, queued', headers: replayedHeader, content: json(ref('WebhookDelivery')) }, ...postErrors, '404': endpointNotFound,
            '409': error('The endpoint does not take that type (`webhook_event_type_not_taken`: add it to its events first), or the Idempotency-Key was used with another body (`idempotency_key_reused`) or its first request still runs (`idempotency_key_in_use`)'),
          },
        },
      },
      '/keys/roll': {
        post: {
          operationId: 'rollSecretKey', tags: ['Keys'], summary: 'Roll the secret key',
          description: `A new secret key, in this answer and its replays only (only its SHA-256 is kept readable). A repeat with the same Idempotency-Key, the same body and the same secret key answers the same new key (Idempotent-Replayed) instead of rolling again; the kept answer is sealed with the key that asked, so a repeat is let in only while that key works. The key in use keeps working for \`expiresInSeconds\` (up to ${MAX_OVERLAP_SECONDS}, 7 days; 0 by default: it stops at once), so several servers can change over without downtime.`,
          parameters: [idempotencyKey], requestBody: { required: false, content: json(ref('Roll')) },
          responses: { '200': { ...answer('The new key', 'RolledKey'), headers: replayedHeader }, ...postErrors, '403': keyRetiring },
        },
      },
      '/brand': {
        get: {
          operationId: 'getBrand', tags: ['Brand'], summary: 'Retrieve the brand',
          responses: { '200': answer('The brand', 'Brand'), ...errors },
        },
        post: {
          operationId: 'updateBrand', tags: ['Brand'], summary: 'Set or remove the brand colour and display name, or remove the logo', parameters: [idempotencyKey],
          requestBody: { required: true, content: json(ref('UpdateBrand')) },
          responses: { '200': { description: 'The brand after the change', headers: replayedHeader, content: json(ref('Brand')) }, ...postErrors },
        },
      },
      '/brand/logo': {
        post: {
          operationId: 'uploadBrandLogo', tags: ['Brand'], summary: 'Upload the logo',
          description: `The image's bytes as the body: PNG, JPEG or WebP, read from the bytes (not from Content-Type), at most ${LOGO_MAX_BYTES / 1024} KB, each side ${LOGO_MIN_SIDE} to ${LOGO_MAX_SIDE} px. SVG is refused. At most ${LOGO_UPLOADS_PER_WINDOW} uploads in ${LOGO_UPLOAD_WINDOW_MS / 3_600_000} hours; the logo it replaces is deleted once no merchant uses it.`,
          parameters: [idempotencyKey],
          requestBody: {
            required: true,
            content: Object.fromEntries(['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
          },
          responses: {
            '201': { description: 'The brand with its new logo', headers: replayedHeader, content: json(ref('Brand')) },
            '400': error('Empty (`logo_empty`), a known header over data that does not read as that image (`logo_unreadable`), or a side out of bounds (`logo_dimensions`)'),
            '401': errors['401'],
            '409': postErrors['409'],
            '413': error(`Larger than ${LOGO_MAX_BYTES / 1024} KB (\`logo_too_large\`, or \`payload_too_large\` when refused before it is read)`),
            '415': error('Not a PNG, JPEG or WebP, SVG included (`logo_type_not_allowed`)'),
            '429': {
              ...error(`The merchant made its ${LOGO_UPLOADS_PER_WINDOW} uploads of the window (\`logo_upload_limit\`): nothing changed`),
              headers: { 'Retry-After': { description: 'Seconds until the window ends and uploads are counted afresh', schema: { type: 'integer', minimum: 1 } } },
            },
          },
        },
      },
    })),
    webhooks: {
      transactionEvent: {
        post: {
          operationId: 'transactionEvent', summary: `A transaction changed (docs/webhooks.md): signed with Pasarela-Signature, its version in ${API_VERSION_HEADER}`,
          parameters: [
            { ...versionParam, required: true, description: 'The API version the event is written in', schema: { type: 'string', enum: [...API_VERSIONS] } },
            signatureParam,
          ],
          requestBody: { required: true, content: json(ref('WebhookEvent')) },
          responses: { '200': { description: 'Any 2xx: received' } },
        },
      },
    },
    components: {
      securitySchemes: { secretKey: { type: 'http', scheme: 'bearer', description: 'The merchant\'s secret key (sk_test_...)' } },
      schemas: { ...schemas, ...bookSchemas, ...subscriptionSchemas },
    },
  });
}
