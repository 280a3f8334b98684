import { BALANCE_TRANSACTION_TYPES } from '../../store/balanceTransactions';
import { CSV_COLUMNS, CSV_MAX_LINES, PAYOUT_ID_PATTERN } from './books';
import { EVIDENCE_MAX } from './disputes';
import { CURSOR_PATTERN, PAGE_LIMIT } from './merchantSchemas';

// The merchant's books in the OpenAPI document (openApiDocument.ts merges them in): balance,
// balance transactions (JSON or CSV), payouts. docs/merchant-api.md "Books" says the same.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const dollars = (description: string) => ({ type: 'number', description: `${description} (in the merchant's currency: USD with two decimals, COP in whole pesos; negative when money leaves the balance)` });
const dateTime = (description: string) => ({ type: 'string', format: 'date-time', description });
const nullableText = (description: string) => ({ type: ['string', 'null'], description });
const page = (item: string) => ({
  type: 'object', required: ['data', 'hasMore', 'nextCursor'],
  properties: { data: { type: 'array', items: ref(item) }, hasMore: { type: 'boolean' }, nextCursor: { type: ['string', 'null'] } },
});

const AT = '2026-11-26T15:04:05.000Z';
const payment = {
  id: 'txn_5b1e0c9a7d3f4e2a8c6b0d1e2f3a4b5c', type: 'payment', amount: 26.75, fee: 1.08, net: 25.67, currency: 'USD', availableOn: '2026-11-28T15:04:05.000Z',
  payoutId: 'po_8c2d4e6f0a1b4c3d9e8f7a6b5c4d3e2f', codOper: 'PP4F2A9C1B7E03', refundId: null, disputeId: null, sourcePayoutId: null,
  paidByPayoutId: 'po_8c2d4e6f0a1b4c3d9e8f7a6b5c4d3e2f', orderReference: 'order-1042', metadata: { cart: '1042' }, createdAt: AT,
};
const payoutLine = { ...payment, id: 'txn_0a9b8c7d6e5f40312a1b2c3d4e5f6a7b', type: 'payout', amount: -25.67, fee: 0, net: -25.67, codOper: null, sourcePayoutId: payment.payoutId, orderReference: null, metadata: {}, createdAt: '2026-11-28T15:04:05.000Z' };
const payout = { id: payment.payoutId, amount: 25.67, currency: 'USD', status: 'paid', arrivalDate: '2026-11-30', failureReason: null,
  destinationLast4: '4321', statementReference: 'PASARELA 8C2D4E6F0A1B4', createdAt: payoutLine.createdAt, updatedAt: payoutLine.createdAt };

const dispute = {
  id: 'dp_5d1c2b3a4e5f60718293a4b5c6d7e8f9', codOper: 'PP4F2A9C1B7E03', amount: 26.75, stage: 'chargeback', takenAmount: 26.75, currency: 'USD', reason: 'fraudulent', status: 'needs_response',
  evidenceDueBy: '2026-12-03T15:04:05.000Z', evidenceDetails: { submitted: false, submittedAt: null }, evidence: null, createdAt: AT, updatedAt: AT,
};
const disputeProperties = {
  id: { type: 'string', description: 'The dispute\'s id: opaque (dp_ and 32 hex digits), not the processor\'s reference; a dispute opened before 2026-11-29 keeps the id it had' },
  codOper: { type: 'string', description: 'The disputed payment' },
  amount: dollars('What the cardholder disputes, as the processor reports it'),
  stage: { type: 'string', enum: ['inquiry', 'chargeback'], description: 'inquiry (questions only: no money moves; answer it as a dispute), chargeback (the money is taken); an inquiry may become a chargeback, never back' },
  takenAmount: dollars('What it took from your balance: 0 for an inquiry; for a chargeback its amount, at most what was paid and not refunded; still counted after a win (the dispute_reversal line brings it back)'),
  currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency: every amount is in its units' },
  reason: { type: 'string', description: 'The cardholder\'s reason as the processor gives it (fraudulent, ...)' },
  status: { type: 'string', enum: ['needs_response', 'under_review', 'won', 'lost'], description: 'needs_response (answer by evidenceDueBy), under_review (evidence sent), won (the amount came back), lost' },
  evidenceDueBy: { type: ['string', 'null'], format: 'date-time', description: 'The last moment to send evidence' },
  evidenceDetails: {
    type: 'object', required: ['submitted', 'submittedAt'], description: 'Whether your evidence was sent, and when',
    properties: { submitted: { type: 'boolean' }, submittedAt: { type: ['string', 'null'], format: 'date-time' } },
  },
  createdAt: dateTime('When it opened'),
  updatedAt: dateTime('Its last change'),
};

const disputeId = { name: 'id', in: 'path', required: true, description: 'The dispute\'s id', schema: { type: 'string' } };

export const bookSchemas = {
  Balance: {
    type: 'object', required: ['currency', 'available', 'pending'],
    properties: {
      currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency: every amount is in its units' },
      available: dollars('What a payout may take now: the nets of the lines whose availableOn has come, and of no payout yet or settled'),
      pending: dollars('The nets still waiting for their availableOn (a card payment: 2 days)'),
    },
  },
  BalanceTransaction: {
    type: 'object', required: ['id', 'type', 'amount', 'fee', 'net', 'currency', 'availableOn', 'payoutId', 'codOper', 'refundId', 'disputeId', 'sourcePayoutId', 'paidByPayoutId', 'orderReference', 'metadata', 'createdAt'],
    properties: {
      id: { type: 'string', description: 'txn_...' },
      type: { type: 'string', enum: [...BALANCE_TRANSACTION_TYPES], description: 'payment (an approved payment), refund, refund_failure (a refund made that the processor reports failed later: its money returns), dispute (what a chargeback takes, with its fee the first time; one more line at each change of its amount), dispute_reversal (a dispute won: what it took returns), payout, payout_failure (a payout sent back: its money returns)' },
      amount: dollars('The gross'),
      fee: dollars('Pasarela\'s fee (a refund\'s gives back its share)'),
      net: dollars('amount - fee, to the cent'),
      currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency: every amount is in its units' },
      availableOn: dateTime('When its net becomes available'),
      payoutId: nullableText('The payout that settled it (on a payout line, that payout)'),
      codOper: nullableText('Its payment (on a payment, refund or dispute line)'),
      refundId: nullableText('Its refund'),
      disputeId: nullableText('Its dispute'),
      sourcePayoutId: nullableText('On a payout or payout_failure line: that payout. A payment line of a payout the bank sent back keeps that payout\'s payoutId; the payout_failure line (sourcePayoutId: the failed payout) returns the money and the next payout settles it (its payoutId: the payout that finally paid it)'),
      paidByPayoutId: nullableText('The payout that took its money to the bank: its payoutId once that payout is paid; when the bank sent that payout back, the later payout that settled its payout_failure line (followed to the end of the chain); null until one is paid'),
      orderReference: nullableText('Its payment\'s link\'s order reference (null without a payment, or a link without one)'),
      metadata: { type: 'object', additionalProperties: { type: 'string' }, description: 'Its payment\'s link\'s metadata ({} without)' },
      createdAt: dateTime('When the money moved'),
    },
  },
  BalanceTransactionList: page('BalanceTransaction'),
  Payout: {
    type: 'object', required: ['id', 'amount', 'currency', 'status', 'arrivalDate', 'failureReason', 'destinationLast4', 'statementReference', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', description: 'po_...' },
      amount: dollars('What goes to the bank account: the nets of the lines it settles'),
      currency: { type: 'string', enum: ['USD', 'COP'], description: 'The merchant\'s currency: every amount is in its units' },
      status: { type: 'string', enum: ['pending', 'paid', 'failed'], description: 'pending while the banks move it; paid; failed (sent back: its money is in the balance again)' },
      arrivalDate: { type: 'string', format: 'date', description: 'The day it is due in the account (the merchant\'s time zone)' },
      failureReason: nullableText('Why it failed (returned_by_bank)'),
      destinationLast4: { type: 'string', description: 'The last four characters of the bank account it was sent to' },
      statementReference: { type: 'string', maxLength: 22, description: 'What the deposit\'s line on your bank statement reads (PASARELA and the start of its id)' },
      createdAt: dateTime('When it was made'),
      updatedAt: dateTime('Its last change'),
    },
  },
  PayoutList: page('Payout'),
  DisputeEventData: {
    type: 'object', required: ['id', 'codOper', 'amount', 'stage', 'takenAmount', 'currency', 'reason', 'status', 'evidenceDueBy', 'evidenceDetails', 'createdAt', 'updatedAt'],
    description: 'A dispute as its events (webhooks, GET /events) carry it: the evidence\'s presence, never its text (read it with GET /disputes/{id})',
    properties: disputeProperties,
  },
  Dispute: {
    type: 'object', required: ['id', 'codOper', 'amount', 'stage', 'takenAmount', 'currency', 'reason', 'status', 'evidenceDueBy', 'evidenceDetails', 'evidence', 'createdAt', 'updatedAt'],
    properties: { ...disputeProperties, evidence: nullableText('What you sent') },
  },
  DisputeList: page('Dispute'),
  DisputeEvidence: {
    type: 'object', required: ['evidence'], additionalProperties: false,
    properties: { evidence: { type: 'string', minLength: 1, maxLength: EVIDENCE_MAX, description: 'What shows the charge was right: the order, its delivery, the cardholder\'s messages. Lines and tabs are kept; other control characters and bidi marks are refused' } },
  },
  PayoutWithLines: {
    allOf: [ref('Payout'), {
      type: 'object', required: ['balanceTransactions', 'balanceTransactionsHasMore'],
      properties: {
        balanceTransactions: { type: 'array', items: ref('BalanceTransaction'), description: 'The lines it settles and its own payout line, newest first, at most 10 000' },
        balanceTransactionsHasMore: { type: 'boolean', description: 'It settles more lines than those: list them all with `GET /balance-transactions?payout=<id>`' },
      },
    }],
  },
};

const limitParam = { name: 'limit', in: 'query', required: false, description: 'How many to answer', schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default } };
const cursorParam = { name: 'cursor', in: 'query', required: false, description: 'The `nextCursor` of the previous page', schema: { type: 'string', pattern: CURSOR_PATTERN } };
/** The CSV answers every matching line: it takes no page. */
const jsonOnly = (param: { description: string }) => ({ ...param, description: `${param.description}; the JSON list's only, not with \`Accept: text/csv\` (a 400 \`invalid_arguments\` naming it)` });
const createdFromParam = { name: 'createdFrom', in: 'query', required: false, description: 'Created at or after (RFC 3339)', schema: { type: 'string', format: 'date-time' } };
const codOperQueryParam = (description: string) => ({ name: 'codOper', in: 'query', required: false, description, schema: { type: 'string', pattern: '^[A-Za-z0-9_]{1,40}$' } });
const createdToParam = { name: 'createdTo', in: 'query', required: false, description: 'Created before (RFC 3339); after `createdFrom` (else a 400 `invalid_arguments`: the range holds nothing)', schema: { type: 'string', format: 'date-time' } };

/** The books' operations; `errors` and `error` (an Error answer so described) are the document's own answers. */
export function bookPaths<A extends { description: string }>(errors: Record<string, A>, error: (description: string) => A, postErrors: Record<string, A>, idempotencyKey: unknown) {
  /** The card processor hears the answer first: what it did not take is not booked. */
  const answerErrors = {
    '409': error('Evidence sent already (`dispute_under_review`), after `evidenceDueBy` (`dispute_evidence_past_due`), the dispute closed (`dispute_closed`), an earlier answer whose outcome is unknown while this one differs (`dispute_answer_in_doubt`: send that one again), or the Idempotency-Key reused'),
    '501': error('The card processor in use takes no answers to disputes (`dispute_answer_unsupported`)'),
    '502': error('The card processor did not take the answer (`dispute_answer_refused`): the dispute is as it was'),
    '503': error('The card processor did not answer (`dispute_answer_unavailable`): the dispute is as it was; send the same answer again'),
  };
  const tooLong = error(`Bad input: \`code\` says what, \`message\` names the field; a CSV report of more than ${CSV_MAX_LINES} lines (\`report_too_large\`: narrow createdFrom/createdTo, or ask per payout)`);
  const ok = (description: string, schema: string, example: unknown) => ({ description, content: { 'application/json': { schema: ref(schema), example } } });
  return {
    '/balance': {
      get: {
        operationId: 'getBalance', tags: ['Books'], summary: 'Retrieve the balance',
        description: 'Available (a payout may take it) and pending (waiting for its date). Each is the sum of the nets of the balance transactions.',
        responses: { '200': ok('The balance', 'Balance', { currency: 'USD', available: 25.67, pending: 103.49 }), ...errors },
      },
    },
    '/balance-transactions': {
      get: {
        operationId: 'listBalanceTransactions', tags: ['Books'], summary: 'List balance transactions, newest first (JSON, or CSV with Accept: text/csv)',
        description: `Every movement of money. With \`Accept: text/csv\`, all the lines that match (no pages: \`limit\` and \`cursor\` are refused; at most ${CSV_MAX_LINES}, else \`400 report_too_large\`): \`${CSV_COLUMNS.join(',')}\`, amounts in the merchant's currency as the JSON's (dollars with two decimals, or whole pesos), times ISO 8601 in the merchant's time zone with its offset, to the millisecond as the JSON's (2026-11-26T10:04:05.123-05:00). \`Accept\` is weighed by its q-values: CSV only when \`text/csv\` weighs more than \`application/json\`, or as much and comes first. The file is named after the payout (\`balance-transactions-po_....csv\`) or the range (\`balance-transactions-2026-11-01-to-2026-12-01.csv\`).`,
        parameters: [
          jsonOnly(limitParam), jsonOnly(cursorParam), createdFromParam, createdToParam,
          { name: 'type', in: 'query', required: false, description: 'Only lines of this type', schema: { type: 'string', enum: [...BALANCE_TRANSACTION_TYPES] } },
          { name: 'payout', in: 'query', required: false, description: 'Only the lines this payout settles, and its own', schema: { type: 'string', pattern: PAYOUT_ID_PATTERN } },
          codOperQueryParam('Only the lines of this payment (its payment, refunds and disputes)'),
        ],
        responses: {
          '200': {
            description: 'A page of lines, or the CSV report',
            content: {
              'application/json': { schema: ref('BalanceTransactionList'), example: { data: [payoutLine, payment], hasMore: false, nextCursor: null } },
              'text/csv': { schema: { type: 'string' }, example: `${CSV_COLUMNS.join(',')}\r\n` },
            },
          },
          ...errors,
          '400': tooLong,
        },
      },
    },
    '/payouts': {
      get: {
        operationId: 'listPayouts', tags: ['Books'], summary: 'List payouts, newest first', description: 'Daily by default; the sandbox runs them at once with POST /sandbox/payouts/run.',
        parameters: [
          limitParam, cursorParam, createdFromParam, createdToParam,
          { name: 'status', in: 'query', required: false, description: 'Only payouts in this status', schema: { type: 'string', enum: ['pending', 'paid', 'failed'] } },
          { name: 'arrivalFrom', in: 'query', required: false, description: 'Only those due on this day or later (arrivalDate)', schema: { type: 'string', format: 'date' } },
          { name: 'arrivalTo', in: 'query', required: false, description: 'Only those due on this day or before (arrivalDate); not before `arrivalFrom` (else a 400 `invalid_arguments`)', schema: { type: 'string', format: 'date' } },
        ],
        responses: { '200': ok('A page of payouts', 'PayoutList', { data: [payout], hasMore: false, nextCursor: null }), ...errors },
      },
    },
    '/disputes': {
      get: {
        operationId: 'listDisputes', tags: ['Books'], summary: 'List disputes, newest first', description: 'Chargebacks on your card payments; each took its amount and a 15.00 fee from the balance when it opened.',
        parameters: [
          limitParam, cursorParam, createdFromParam, createdToParam,
          { name: 'status', in: 'query', required: false, description: 'Only disputes in this status', schema: { type: 'string', enum: ['needs_response', 'under_review', 'won', 'lost'] } },
          codOperQueryParam('Only the disputes of this payment'),
        ],
        responses: { '200': ok('Your disputes', 'DisputeList', { data: [dispute], hasMore: false, nextCursor: null }), ...errors },
      },
    },
    '/disputes/{id}': {
      get: {
        operationId: 'getDispute', tags: ['Books'], summary: 'Retrieve a dispute', description: 'Its amount, reason, status and the deadline to answer (evidenceDueBy).',
        parameters: [disputeId],
        responses: { '200': ok('The dispute', 'Dispute', dispute), ...errors, '404': error('No such dispute of this merchant (`dispute_not_found`)') },
      },
    },
    '/disputes/{id}/evidence': {
      post: {
        operationId: 'submitDisputeEvidence', tags: ['Books'], summary: 'Answer a dispute with evidence', description: 'While it needs a response: the evidence is sent to the card processor, and once it takes it the dispute goes under review, and a dispute.updated event follows.',
        parameters: [disputeId, idempotencyKey],
        requestBody: { required: true, content: { 'application/json': { schema: ref('DisputeEvidence'), example: { evidence: 'Pedido 1042 entregado el 2026-11-20, firma del cliente adjunta' } } } },
        responses: { '200': ok('The dispute, under review', 'Dispute', { ...dispute, status: 'under_review', evidenceDetails: { submitted: true, submittedAt: AT }, evidence: 'Pedido 1042 entregado' }), ...postErrors, ...answerErrors, '404': error('No such dispute of this merchant (`dispute_not_found`)') },
      },
    },
    '/disputes/{id}/accept': {
      post: {
        operationId: 'acceptDispute', tags: ['Books'], summary: 'Accept a dispute', description: 'The card processor is told; it ends lost: its amount and fee stay out of the balance; a dispute.closed event follows.',
        parameters: [disputeId, idempotencyKey],
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false }, example: {} } } },
        responses: { '200': ok('The dispute, lost', 'Dispute', { ...dispute, status: 'lost' }), ...postErrors, ...answerErrors, '404': error('No such dispute of this merchant (`dispute_not_found`)') },
      },
    },
    '/payouts/{id}': {
      get: {
        operationId: 'getPayout', tags: ['Books'], summary: 'Retrieve a payout with its balance transactions',
        description: 'The nets of its lines other than its own payout line add up to its amount. A payout of more than 10 000 lines answers the newest 10 000 and `balanceTransactionsHasMore`: the paged list of its lines (`GET /balance-transactions?payout=<id>`) has them all.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The payout\'s id (po_...)', schema: { type: 'string' } }],
        responses: { '200': ok('The payout', 'PayoutWithLines', { ...payout, balanceTransactions: [payoutLine, payment], balanceTransactionsHasMore: false }), ...errors, '404': error('No such payout of this merchant (`payout_not_found`)') },
      },
    },
  };
}
