import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { checkLinkOpen } from '../payments/payTarget';
import { insertUnlessDuplicate, newCodOper } from './insertTransaction';
import { expireLinkWithoutPayment, findLinkByCode, insertLink } from './links';
import type { NewTransaction, TransactionRow } from './transactions';

// A shop ends an order's link (POST /sandbox/links/:code/expire, "ended with no payment") while a
// payer's attempt, its link read open, is being recorded: either the end sees the attempt and refuses,
// or the attempt sees the end and is not recorded. Races need a real PostgreSQL (TEST_DATABASE_URL).
const url = process.env['TEST_DATABASE_URL'];
let db: Database;
let merchantId: number;
beforeAll(async () => {
  if (!url) return;
  db = await openTestDatabase();
  const [merchant] = await db.query<{ id: number }>("insert into merchants (name, web_code, tx_limit_cents) values ('Pedidos S.A.', 'orders', 10000000) returning id");
  merchantId = merchant?.id ?? 0;
});
afterAll(async () => {
  if (url) await db.close();
});

const attemptOn = (code: string): NewTransaction => ({
  track_id: `end-${code}`, link_code: code, merchant_id: merchantId, method: 'card', amount_cents: 2500, tax_cents: 0, status: -1, auth_status: 'PROCESSING', message_key: 'processing',
  tx_type: 'AUTH_CAPTURE', card_brand: 'VISA', card_last4: '4242', card_token: null, card_customer: null, card_fingerprint: null, payer_name: '', email: '', phone: '', concept: '',
  description: '', lang: 'es', tx_channel: 'WIDGET', redirect_url: null, expires_at: null, reference: null, user_id: null, anonymous_user_service_id: null, details: {},
  campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: `end-${code}`, processor: null,
} as NewTransaction);

describe.skipIf(!url)('a link ended while an attempt on it is recorded', () => {
  it.each([false, true])('never ends it "with no payment" and records the attempt too (single-use %s)', async (singleUse) => {
    let both = 0;
    for (let round = 0; round < 60; round++) {
      const link = await insertLink(db, { merchantId, description: 'Pedido', amountCents: 2500, taxCents: 0, cardTypes: null, expiresAt: null, slug: null, singleUse });
      const pay = async () => {
        checkLinkOpen((await findLinkByCode(db, link.code)) ?? link);
        return (await insertUnlessDuplicate(db, attemptOn(link.code), newCodOper(), null)).kind === 'inserted';
      };
      const hasPayment = (rows: TransactionRow[]) => rows.length > 0;
      // A link read already ended is refused before any record (SPEC 8 code 3000).
      const [paid, ended] = await Promise.all([pay().catch(() => false), expireLinkWithoutPayment(db, link.code, hasPayment)]);
      if (paid && ended) both++;
    }
    expect(both).toBe(0);
  });
});
