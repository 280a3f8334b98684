import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { Queryable } from '../db/Database';

/** A merchant's payment request sent by e-mail: its token, its single-use link, and what it asks. */
export interface EmailPaymentData {
  token: string;
  code: string;
  to: string;
  amount: number;
  taxAmount: number;
  description: string;
  merchantName: string;
}

export interface EmailPaymentRow {
  id: number;
  data: EmailPaymentData;
  created_at: Date;
}

const TokenSchema = v.pipe(v.string(), v.regex(/^EP[0-9a-f]{20}$/));

export const newEmailPaymentToken = () => `EP${randomBytes(10).toString('hex')}`;

export async function findEmailPayment(db: Queryable, token: string): Promise<EmailPaymentRow | undefined> {
  if (!v.is(TokenSchema, token)) return undefined;
  const [row] = await db.query<EmailPaymentRow>("select id, data, created_at from process_records where kind = 'email_payment' and data->>'token' = $1", [token]);
  return row;
}

export async function insertEmailPayment(db: Queryable, data: EmailPaymentData): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>("insert into process_records (kind, data) values ('email_payment', $1) returning id", [JSON.stringify(data)]);
  return row?.id;
}

/** The latest 50 requests, to one address when `to` is set (any case), of one merchant when `merchantId` is. */
export async function listEmailPayments(db: Queryable, to: string, merchantId: number | undefined): Promise<EmailPaymentRow[]> {
  return db.query<EmailPaymentRow>(
    `select r.id, r.data, r.created_at from process_records r left join payment_links l on l.code = r.data->>'code'
      where r.kind = 'email_payment' and ($1 = '' or lower(r.data->>'to') = lower($1)) and ($2::int is null or l.merchant_id = $2)
     order by r.id desc limit 50`, [to, merchantId ?? null]);
}
