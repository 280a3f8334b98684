import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { findMerchantEvent, listMerchantEvents, type MerchantEventRow } from '../../store/merchantEvents';
import { webhookEventOf } from '../../merchantView/webhookEvent';
import { pageOf } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { EVENT_ID, ListEventsQuery, parseInput, queryOf } from './merchantSchemas';
import { cursorOf, positionOfCursor } from './listCursor';

const NO_STORE = { 'cache-control': 'no-store' };
/** Rows read at a time while a type filter skips the others. */
const BATCH = 200;

/**
 * The change feed (docs/merchant-api.md "Events"): every event a webhook carries, the same id,
 * type, createdAt and data as its body, whether or not its delivery got through.
 */
export function merchantEventRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const merchantId = await requireMerchantKey(deps, c.req.header('authorization'));
    const q = parseInput(ListEventsQuery, queryOf(c), 'query');
    // An event's type is core's rule over the snapshot (or its own type): rows are read in batches
    // and kept when they match, until the page is full and one more tells there are more.
    const shown: MerchantEventRow[] = [];
    let beforeSeq = await positionOfCursor(deps.db, 'events', merchantId, q.cursor);
    let more = false;
    for (;;) {
      const batch = await listMerchantEvents(deps.db, merchantId, { createdFrom: q.createdFrom, createdTo: q.createdTo, beforeSeq }, q.type ? BATCH : q.limit + 1);
      for (const row of batch) {
        if (q.type && webhookEventOf(row).type !== q.type) continue;
        if (shown.length === q.limit) {
          more = true;
          break;
        }
        shown.push(row);
      }
      const last = batch.at(-1);
      if (more || !q.type || !last || batch.length < BATCH) break;
      beforeSeq = last.seq;
    }
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(webhookEventOf), more && last ? cursorOf('events', last.id) : null), 200, NO_STORE);
  });

  app.get('/:id', async (c) => {
    const merchantId = await requireMerchantKey(deps, c.req.header('authorization'));
    const id = c.req.param('id');
    const row = EVENT_ID.test(id) ? await findMerchantEvent(deps.db, merchantId, id) : undefined;
    if (!row) throw new ApiError(404, 'event_not_found', 'No such event for this merchant in the last 30 days');
    return c.json(webhookEventOf(row), 200, NO_STORE);
  });

  return app;
}
