import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { jsonHasForbiddenCharacters } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../http/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';

const UpdateSchema = v.looseObject({ actionSave: v.optional(v.picklist(['UPDATE_ONLY_VALUES', 'REPLACE'], 'missing_arguments')) });

/** A document's texts hold no control or bidi character (PostgreSQL's jsonb refuses \u0000 outright). */
function textSafe(body: Record<string, unknown>): Record<string, unknown> {
  if (jsonHasForbiddenCharacters(body, { multiline: true })) throw new ApiError(400, 'invalid_characters', 'A text of the document holds a control or bidi character');
  return body;
}

interface RecordRow { id: number; kind: string; data: Record<string, unknown>; status: number; created_at: Date; updated_at: Date }
const recordOf = (r: RecordRow) => ({ id: r.id, ...r.data, status: r.status, updatedAt: r.updated_at.toISOString() });

/**
 * SPEC 7 "POST and PUT process-tx-info (PUT appends id, with actionSave UPDATE_ONLY_VALUES for
 * updates)" and "process-QR info (POST, PUT with /{id})": documents the widget saves mid-payment.
 */
export function processRecordRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const create = (kind: string) => async (c: Context<AppEnv>) => {
    const body = textSafe(await readObjectBody(c));
    const [row] = await deps.db.query<RecordRow>('insert into process_records (kind, data) values ($1, $2) returning *', [kind, JSON.stringify(body)]);
    if (!row) throw new Error('record insert returned nothing');
    return reply(c, recordOf(row));
  };
  const update = (kind: string) => async (c: Context<AppEnv>) => {
    const body = parseOr400(UpdateSchema, textSafe(await readObjectBody(c)));
    const id = Number(c.req.param('id'));
    const [row] = Number.isSafeInteger(id) ? await deps.db.query<RecordRow>('select * from process_records where id = $1 and kind = $2', [id, kind]) : [];
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    const { actionSave, ...fields } = body;
    // UPDATE_ONLY_VALUES changes the fields sent and keeps the rest; otherwise the document is replaced.
    const data = actionSave === 'UPDATE_ONLY_VALUES' ? { ...row.data, ...fields } : fields;
    const [saved] = await deps.db.query<RecordRow>('update process_records set data = $2, updated_at = now() where id = $1 returning *', [id, JSON.stringify(data)]);
    return reply(c, recordOf(saved ?? row));
  };
  app.post('/process-tx-info', create('process_tx_info'));
  app.put('/process-tx-info/:id', update('process_tx_info'));
  app.post('/process-qr-info', create('process_qr_info'));
  app.put('/process-qr-info/:id', update('process_qr_info'));
  return app;
}
