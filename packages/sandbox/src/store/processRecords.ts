import type { Queryable } from '../db/Database';

/** A document the widget saves mid-payment (SPEC 7 process-tx-info, process-QR info), or a wallet user's payment request ('activity'). */
export interface ProcessRecordRow { id: number; handle: string; kind: string; data: Record<string, unknown>; status: number; created_at: Date; updated_at: Date }

export async function insertProcessRecord(db: Queryable, kind: string, data: Record<string, unknown>, userId: number | null = null): Promise<ProcessRecordRow> {
  const [row] = await db.query<ProcessRecordRow>('insert into process_records (kind, user_id, data) values ($1, $2, $3) returning *', [kind, userId, JSON.stringify(data)]);
  if (!row) throw new Error('record insert returned nothing');
  return row;
}

/** By its random handle, the only name its saver was given (migration 176). */
export async function findProcessRecord(db: Queryable, handle: string, kind: string): Promise<ProcessRecordRow | undefined> {
  const [row] = await db.query<ProcessRecordRow>('select * from process_records where handle = $1 and kind = $2', [handle, kind]);
  return row;
}

export async function updateProcessRecord(db: Queryable, id: number, data: Record<string, unknown>): Promise<ProcessRecordRow | undefined> {
  const [row] = await db.query<ProcessRecordRow>('update process_records set data = $2, updated_at = now() where id = $1 returning *', [id, JSON.stringify(data)]);
  return row;
}
