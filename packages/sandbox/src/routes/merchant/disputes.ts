import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { acceptDispute, answerDispute } from '../../payments/answerDispute';
import { findMerchantDispute, listMerchantDisputes } from '../../store/disputes';
import { merchantDisputeOf } from '../../merchantView/merchantDispute';
import { idempotent } from './idempotency';
import { pageOf } from './merchantAnswers';
import { requireMerchantKey } from './merchantAuth';
import { codOperQuery, EmptySchema, listQuery, page, parseInput, queryOf } from './merchantSchemas';
import { hasForbiddenCharacters } from '@pasarela/core';
import { cursorOf, positionOfCursor } from './listCursor';

const NO_STORE = { 'cache-control': 'no-store' };
/** A dispute's id: dp_ and 32 hex digits, or the processor's reference a dispute opened before migration 095 keeps. */
export const DISPUTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const EVIDENCE_MAX = 5_000;

const EvidenceSchema = v.strictObject({
  // Lines and tabs are the evidence's own; other control and bidi characters make it read otherwise at the processor and in the console.
  evidence: v.pipe(v.string('evidence must be text'), v.trim(), v.minLength(1, 'evidence must not be empty'), v.maxLength(EVIDENCE_MAX, `evidence must be at most ${EVIDENCE_MAX} characters`),
    v.check((text) => !hasForbiddenCharacters(text, { multiline: true }), 'evidence must not hold control or bidi characters')),
});
const DISPUTE_STATUSES = ['needs_response', 'under_review', 'won', 'lost'] as const;
const ListDisputesQuery = listQuery({
  ...page,
  status: v.optional(v.picklist(DISPUTE_STATUSES, `status must be one of ${DISPUTE_STATUSES.join(', ')}`)),
  codOper: v.optional(codOperQuery),
});

const disputeNotFound = () => new ApiError(404, 'dispute_not_found', 'No such dispute for this merchant');

/**
 * The merchant's disputes (docs/merchant-api.md "Disputes"): read them, answer with evidence, or
 * accept. `merchantOf` names the merchant: its secret key on the merchant API, the path's merchant
 * in the sandbox's admin API (the console's Books tab).
 */
export function merchantDisputeRoutes(deps: Deps, merchantOf: (c: Context<AppEnv>) => Promise<number> = (c) => requireMerchantKey(deps, c.req.header('authorization'))) {
  const app = new Hono<AppEnv>();
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    if (!DISPUTE_ID.test(id)) throw disputeNotFound();
    return id;
  };

  app.get('/', async (c) => {
    const merchantId = await merchantOf(c);
    const q = parseInput(ListDisputesQuery, queryOf(c), 'query');
    const rows = await listMerchantDisputes(deps.db, merchantId, { status: q.status, codOper: q.codOper, createdFrom: q.createdFrom, createdTo: q.createdTo, beforeSeq: await positionOfCursor(deps.db, 'disputes', merchantId, q.cursor) }, q.limit + 1);
    const shown = rows.slice(0, q.limit);
    const last = shown.at(-1);
    return c.json(pageOf(shown.map(merchantDisputeOf), rows.length > q.limit && last ? cursorOf('disputes', last.public_id) : null), 200, NO_STORE);
  });

  app.get('/:id', async (c) => {
    const merchantId = await merchantOf(c);
    const dispute = await findMerchantDispute(deps.db, merchantId, idOf(c));
    if (!dispute) throw disputeNotFound();
    return c.json(merchantDisputeOf(dispute), 200, NO_STORE);
  });

  app.post('/:id/evidence', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      const { evidence } = parseInput(EvidenceSchema, input, 'body');
      const dispute = await answerDispute(deps, merchantId, idOf(c), evidence);
      if (!dispute) throw disputeNotFound();
      return [200, merchantDisputeOf(dispute)] as const;
    });
  });

  app.post('/:id/accept', async (c) => {
    const merchantId = await merchantOf(c);
    return idempotent(c, deps, merchantId, async (input) => {
      parseInput(EmptySchema, input, 'body');
      const dispute = await acceptDispute(deps, merchantId, idOf(c));
      if (!dispute) throw disputeNotFound();
      return [200, merchantDisputeOf(dispute)] as const;
    });
  });

  return app;
}
