import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { jsonHasForbiddenCharacters } from '@pasarela/core';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { readObjectBody } from '../../http/readBody';
import { reply } from '../../http/reply';
import { parseOr400 } from '../../payments/validatePayload';
import { findProcessRecord, insertProcessRecord, updateProcessRecord, type ProcessRecordRow } from '../../store/processRecords';

const UpdateSchema = v.looseObject({ actionSave: v.optional(v.picklist(['UPDATE_ONLY_VALUES', 'REPLACE'], 'missing_arguments')) });

/** A document's texts hold no control or bidi character (PostgreSQL's jsonb refuses \u0000 outright). */
function textSafe(body: Record<string, unknown>): Record<string, unknown> {
  if (jsonHasForbiddenCharacters(body, { multiline: true })) throw new ApiError(400, 'invalid_characters', 'A text of the document holds a control or bidi character');
  return body;
}

// Named by its random handle: a sequential id let anyone read and replace another payer's document.
const recordOf = (r: ProcessRecordRow) => ({ ...r.data, id: r.handle, status: r.status, updatedAt: r.updated_at.toISOString() });
const HANDLE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * SPEC 7 "POST and PUT process-tx-info (PUT appends id, with actionSave UPDATE_ONLY_VALUES for
 * updates)" and "process-QR info (POST, PUT with /{id})": documents the widget saves mid-payment.
 */
export function processRecordRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const create = (kind: string) => async (c: Context<AppEnv>) => {
    const body = textSafe(await readObjectBody(c));
    return reply(c, recordOf(await insertProcessRecord(deps.db, kind, body)));
  };
  const update = (kind: string) => async (c: Context<AppEnv>) => {
    const body = parseOr400(UpdateSchema, textSafe(await readObjectBody(c)));
    const handle = (c.req.param('id') ?? '').toLowerCase();
    const row = HANDLE.test(handle) ? await findProcessRecord(deps.db, handle, kind) : undefined;
    if (!row) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    const { actionSave, ...fields } = body;
    // UPDATE_ONLY_VALUES changes the fields sent and keeps the rest; otherwise the document is replaced.
    const data = actionSave === 'UPDATE_ONLY_VALUES' ? { ...row.data, ...fields } : fields;
    const saved = await updateProcessRecord(deps.db, row.id, data);
    return reply(c, recordOf(saved ?? row));
  };
  app.post('/process-tx-info', create('process_tx_info'));
  app.put('/process-tx-info/:id', update('process_tx_info'));
  app.post('/process-qr-info', create('process_qr_info'));
  app.put('/process-qr-info/:id', update('process_qr_info'));
  return app;
}
