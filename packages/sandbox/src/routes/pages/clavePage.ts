import { Hono } from 'hono';
import { originOf, type Deps } from '../../Deps';
import { GATEWAY_RETURN_PATH } from '../../payments/bankPageReturn';
import type { AppEnv } from '../../http/AppEnv';
import { BANK_PAGE_CLOSE_FIELD } from '@pasarela/core';
import { withCloseMark } from '../../http/closeMark';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { settleOnReturn } from '../../payments/settleOnReturn';
import { abandonBankPage } from '../../payments/abandonChallenge';
import { findTransaction } from '../../store/transactions';
import { sameOriginPath } from './threeDs';
import { ApiError } from '../../errors/ApiError';
import { settleResultOf } from './settleBody';

/** Where the bank sends the payer back: the widget's return address when it gave one (a path on this origin), always naming the operation. */
export function claveReturnUrl(codOper: string, returnTo: string | undefined): string {
  const back = new URL(sameOriginPath(returnTo) ?? '/pf/widget/returnclave', 'http://sandbox.invalid');
  back.searchParams.set('Oper', codOper);
  return back.pathname + back.search;
}


/** The way back from the bank's Clave page (the processor's, on its own origin), under GATEWAY_RETURN_PATH: `/clave/:codOper`. */
export function claveReturnRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // On to the checkout's return (/pf/widget/returnclave or returnclavesdk, as the checkout gave its
  // page to carry back), which shows the outcome once the bank's notification settled it.
  app.get('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    // What the bank decided, asked by the payment's key, in case its notification is not in yet.
    await settleOnReturn(deps, codOper, originOf(deps, c.req.url));
    // Left on the bank's page without an answer: the payer's cancel, not the bank's refusal.
    if (c.req.query('cancel') === '1') {
      const row = await findTransaction(deps.db, codOper);
      if (row?.method === 'clave') await abandonBankPage(deps, row).catch(() => undefined);
    }
    return c.redirect(withCloseMark(claveReturnUrl(codOper, c.req.query('returnTo')), { [BANK_PAGE_CLOSE_FIELD]: c.req.query(BANK_PAGE_CLOSE_FIELD) }), 303);
  });
  return app;
}

/** The sandbox's admin settle call that answers a Clave page from a script (docs/sandbox.md). */
export function clavePageRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // The way back as it was before it moved to a product path (a page opened before then still returns here).
  app.get('/clave/:codOper/return', (c) => c.redirect(`${GATEWAY_RETURN_PATH}/clave/${encodeURIComponent(c.req.param('codOper'))}${new URL(c.req.url).search}`, 308));
  app.post('/clave/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const result = await settleResultOf(c);
    const outcome = result === 'approve' || result === 'fail' ? await deps.sandbox?.bank.payerDecides(codOper, result === 'approve') : undefined;
    if (!outcome) {
      throw new ApiError(400, 'invalid_arguments', 'No Clave payment is waiting for this codOper, or result is not approve or fail');
    }
    const settled = await receiveGatewayEvent(deps, { id: `sim:bank:${codOper}:${outcome}`, key: codOper, kind: 'bank', outcome });
    return c.json({ codOper, status: settled?.row.status ?? null });
  });
  return app;
}
