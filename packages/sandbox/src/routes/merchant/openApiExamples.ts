// What the OpenAPI document says of each operation beyond its summary: a description, and an
// example of its answer (and of its body, when it takes one). Examples are written as a merchant
// reads them; the OpenAPI test lints them against their schemas (Redocly) and checks that every
// operation has both.

const AT = '2026-11-26T15:04:05.000Z';
const LATER = '2026-11-26T15:04:07.000Z';

const link = {
  code: 'LKQ7M2X9RT4B', url: 'https://checkout.example/camisetas-1042', state: 'open', amount: 25, taxAmount: 1.75, description: 'Pedido 1042',
  descriptions: { en: 'Order 1042' }, orderReference: 'order-1042', metadata: { cart: '1042' }, singleUse: true, captureMethod: 'automatic', brands: [], methods: [], returnUrl: 'https://shop.example/orders/1042',
  customFields: [{ id: 'CFcedula', type: 'string', description: '', nameOrLabel: 'Cédula', value: null, required: true, options: [] }],
  expiresAt: '2026-12-03T15:04:05.000Z', paidBy: null, payments: 0, createdAt: AT, updatedAt: AT,
};
const transaction = {
  codOper: 'PP4F2A9C1B7E03', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 1.75, linkCode: 'LKQ7M2X9RT4B', orderReference: 'order-1042',
  metadata: { cart: '1042' }, subscriptionKey: null, refundedAmount: 0, currency: 'USD', donationAmount: 0, totalPaid: 26.75, refundableAmount: 26.75,
  captureMethod: 'automatic', captured: true, capturableAmount: 0, captureBefore: null,
  payer: { email: 'ana@example.com', name: 'Ana Pérez' }, card: { brand: 'VISA', last4: '4242' }, walletPhone: null,
  customFields: [{ id: 'CFcedula', label: 'Cédula', value: '8-123-456' }],
  status: 1, authStatus: 'APPROVED', fee: 1.08, net: 25.67, balanceTransactionIds: ['txn_5b1e0c9a7d3f4e2a8c6b0d1e2f3a4b5c'], createdAt: AT, updatedAt: LATER,
};
const nequiTransaction = {
  ...transaction, codOper: 'PP8D1E0F3A2B77', method: 'nequi', card: null, walletPhone: '****1111', payer: { email: null, name: null },
};
const refund = { id: 're_3f1c9a0b2d4e4f6a8b0c1d2e3f4a5b6c', codOper: transaction.codOper, amount: 10, status: 'succeeded', createdAt: LATER };
const event = {
  id: 'evt_0f1e2d3c4b5a69788796a5b4c3d2e1f0', type: 'transaction.approved', apiVersion: '2026-11-26', createdAt: LATER,
  data: transaction,
};
const brand = { colorPrimary: '#6b3e26', displayName: 'Café Boquete', logoUrl: 'https://checkout.example/logos/4b9e2c.png' };
const endpoint = {
  id: 'we_5e6f7a8b9c0d4e1f8a2b3c4d5e6f7a8b', url: 'https://shop.example/pasarela/webhooks', events: ['transaction.approved', 'transaction.refunded'],
  primary: false, previousSecretExpiresAt: null, createdAt: AT, updatedAt: AT,
};
const delivery = {
  id: 'whd_9a8b7c6d5e4f40312a1b2c3d4e5f6a7b', eventId: event.id, test: false, state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null,
  nextAttemptAt: null, deliveredAt: LATER, createdAt: LATER,
  // Failed with 500 twice, then redelivered: its attempts since the redelivery are 1, all three are kept.
  attemptsRecorded: 3,
  recentAttempts: [
    { number: 3, attemptedAt: LATER, statusCode: 200, error: null, durationMs: 184 },
    { number: 2, attemptedAt: LATER, statusCode: 500, error: null, durationMs: 96 },
    { number: 1, attemptedAt: LATER, statusCode: 500, error: null, durationMs: 102 },
  ],
};
const page = (data: unknown[]) => ({ data, hasMore: false, nextCursor: null });

interface Texts {
  description: string;
  /** The first 2xx answer's example. */
  example: unknown;
  /** The JSON body's example. */
  body?: unknown;
}

export const OPERATION_TEXTS: Readonly<Record<string, Texts>> = {
  createPaymentLink: {
    description: 'A link to a checkout for one order: send the payer to `url`, or open it with `Checkout.open({ code })`. The same Idempotency-Key gives back the same link; an `orderReference` already used is a 409 `order_reference_taken`.',
    example: link, body: { amount: 25, taxAmount: 1.75, description: 'Pedido 1042', descriptions: { en: 'Order 1042' }, orderReference: 'order-1042', metadata: { cart: '1042' }, singleUse: true, returnUrl: 'https://shop.example/orders/1042',
      customFields: [{ id: 'cedula', type: 'string', nameOrLabel: 'Cédula', required: true }] },
  },
  listPaymentLinks: { description: 'The merchant\'s links, newest first, a page at a time: pass `nextCursor` as `cursor` for the next page.', example: page([link]) },
  getPaymentLink: { description: 'One of the merchant\'s links by its code; another merchant\'s is a 404 as a missing one.', example: link },
  expirePaymentLink: { description: 'Stops the link taking payments from now on. A paid single-use link cannot expire (409 `payment_link_paid`).', example: { ...link, state: 'expired', expiresAt: LATER, updatedAt: LATER }, body: {} },
  listTransactions: { description: 'The merchant\'s payments, newest first, with payer, card or masked wallet phone, donation and total; attempts still in doubt at their gateway are left out until they settle.', example: page([transaction, nequiTransaction]) },
  getTransaction: { description: 'The verify call: what Pasarela knows of one payment, with its refunds. Trust this (or a signed webhook), never the browser.', example: { ...transaction, refunds: [] } },
  refundTransaction: {
    description: 'Gives back all that remains (no body) or `amount` of an approved payment, through its gateway; several partial refunds may follow each other. A `transaction.refunded` webhook follows.',
    example: { ...refund, transaction: { ...transaction, refundedAmount: 10, refundableAmount: 16.75, refunds: [refund] } }, body: { amount: 10 },
  },
  captureTransaction: {
    description: 'Takes `amount` (at most the hold; no body: all of it) of a payment of a manual-capture link, once, through the card processor; the rest of the hold is released. Only the part taken enters your balance and payouts. A `transaction.captured` webhook follows.',
    example: { ...transaction, captureMethod: 'manual', captured: true, refundableAmount: 20, refunds: [] }, body: { amount: 20 },
  },
  voidTransaction: {
    description: 'Calls off a payment still pending (a Nequi or Yappy push unanswered, an unpaid voucher or quote, a card waiting on 3D Secure), or releases a manual payment\'s hold not captured: it becomes DECLINED with authStatus CANCELLED, and a `transaction.voided` webhook follows.',
    example: { ...nequiTransaction, result: 'DECLINED', status: 0, authStatus: 'CANCELLED', cancelReason: 'merchant', totalPaid: 26.75, refundableAmount: 0, refunds: [] }, body: {},
  },
  listEvents: { description: 'Every event a webhook carries, whether or not its delivery got through.', example: page([event]) },
  getEvent: { description: 'One event by its id, as its webhook carried it.', example: event },
  getBrand: { description: 'The colour, display name and logo payers see on the checkout, receipts and e-mails.', example: brand },
  updateBrand: { description: 'Sets the fields given; null removes one; a field left out stays.', example: brand, body: { colorPrimary: '#6b3e26', displayName: 'Café Boquete' } },
  uploadBrandLogo: { description: 'The image\'s bytes as the body.', example: brand },
  createWebhookEndpoint: {
    description: 'A URL and the event types it takes.', example: { ...endpoint, secret: 'whsec_q2Xl7f0c3m9Zb1Yt8uVwR4sN6pK5jH0gF2dE1cA3bB4' },
    body: { url: 'https://shop.example/pasarela/webhooks', events: ['transaction.approved', 'transaction.refunded'] },
  },
  listWebhookEndpoints: { description: 'All of them, the webhookUrl first.', example: page([{ ...endpoint, id: 'we_0a1b2c3d4e5f40718293a4b5c6d7e8f9', url: 'https://shop.example/hooks', events: ['*'], primary: true }, endpoint]) },
  getWebhookEndpoint: { description: 'One endpoint by its id, without its secret.', example: endpoint },
  updateWebhookEndpoint: { description: 'The fields given change; the secret stays.', example: { ...endpoint, events: ['*'], updatedAt: LATER }, body: { events: ['*'] } },
  updateWebhookEndpointByPost: { description: 'As PATCH: the fields given change; the secret stays.', example: { ...endpoint, events: ['*'], updatedAt: LATER }, body: { events: ['*'] } },
  deleteWebhookEndpoint: { description: 'Its deliveries stop.', example: { id: endpoint.id, deleted: true } },
  rollWebhookEndpointSecret: {
    description: 'A new secret; the old one keeps signing for the window asked.',
    example: { ...endpoint, previousSecretExpiresAt: '2026-11-27T15:04:05.000Z', updatedAt: AT, secret: 'whsec_N3wS3cr3tK9m2Qp7Lx4Vb8Zt1Yc6Hd0Fa5Ge3Jk2Rs7' },
    body: { expiresInSeconds: 86_400 },
  },
  listWebhookDeliveries: { description: 'The last 100 deliveries to the endpoint.', example: page([delivery]) },
  redeliverWebhook: { description: 'The same event again, now.', example: { ...delivery, state: 'pending', attempts: 0, deliveredAt: null, nextAttemptAt: LATER }, body: {} },
  sendTestWebhook: {
    description: 'A signed sample event, marked test.', example: { ...delivery, id: 'whd_1b2c3d4e5f6a47b8c9d0e1f2a3b4c5d6', eventId: null, test: true, state: 'pending', attempts: 0, deliveredAt: null, nextAttemptAt: LATER, lastStatusCode: null, attemptsRecorded: 0, recentAttempts: [] },
    body: { type: 'transaction.approved' },
  },
  rollSecretKey: { description: 'A new secret key; the old one keeps working for the window asked.', example: { secretKey: 'sk_test_R0ll3dK3yExampleOnlyNotARealKey000000000', previousKeyExpiresAt: '2026-11-27T15:04:05.000Z' }, body: { expiresInSeconds: 86_400 } },
};

type Media = Record<string, Record<string, unknown>>;
interface Operation { operationId?: string; description?: string; requestBody?: { content?: Media }; responses: Record<string, { content?: Media }> }

/** Every operation with its description (its own, when it has one, comes first) and examples. */
export function withTexts<P extends Record<string, Record<string, unknown>>>(paths: P): P {
  for (const operations of Object.values(paths)) {
    for (const value of Object.values(operations)) {
      const op = value as Operation;
      const texts = op.operationId === undefined ? undefined : OPERATION_TEXTS[op.operationId];
      if (!texts) continue;
      op.description = op.description ?? texts.description;
      const ok = Object.entries(op.responses).find(([status, r]) => status.startsWith('2') && r.content?.['application/json']);
      const media = ok?.[1].content?.['application/json'];
      if (media) media['example'] = texts.example;
      const body = op.requestBody?.content?.['application/json'];
      if (body && texts.body !== undefined) body['example'] = texts.body;
    }
  }
  return paths;
}
