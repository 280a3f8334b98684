import { centsToAmount } from '@pasarela/core';
import { Hono } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { reply } from '../../http/reply';
import { bridgeOf, bridgesOf } from '../../store/catalog';
import { findTransaction } from '../../store/transactions';
import { idParam } from './merchants';

/** A non-profit merchant's campaign bridges, and what a donation gave to its campaign. */
export function campaignRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // SPEC 7 "GET merchant campaign bridge (non-profit)"; the widget picks the active one (SPEC 4).
  app.get('/merchants/:idMerchant/campaign-bridges', async (c) => {
    const id = idParam(c.req.param('idMerchant'), 'Merchant Not Found');
    return reply(c, { bridges: (await bridgesOf(deps.db, id)).map((b) => bridgeOf(b, c.get('lang'))) });
  });
  // SPEC 7 "GET campaign tx info by operation code (codOper)".
  app.get('/campaigns/transactions/:codOper', async (c) => {
    const tx = await findTransaction(deps.db, c.req.param('codOper'));
    if (!tx || !tx.campaign_bridge_id) throw new ApiError(404, 'receive_not_found');
    const bridge = (await bridgesOf(deps.db, tx.merchant_id)).find((b) => b.id === tx.campaign_bridge_id);
    return reply(c, { codOper: tx.cod_oper, amountToCampaign: centsToAmount(tx.campaign_cents), currency: tx.currency, idCampaignBridge: tx.campaign_bridge_id, campaign: bridge ? bridgeOf(bridge, c.get('lang')).campaign : null, status: tx.status, method: tx.method, authStatus: tx.auth_status, date: tx.created_at.toISOString() });
  });
  return app;
}
