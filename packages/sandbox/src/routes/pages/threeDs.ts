import { Hono, type Context } from 'hono';
import { hasForbiddenCharacters, pageGoneWords, CHALLENGE_STAY_PARAM, recordedLanguage } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import { GATEWAY_RETURN_PATH } from '../../payments/bankPageReturn';
import type { AppEnv } from '../../http/AppEnv';
import { BANK_PAGE_CLOSE_FIELD } from '@pasarela/core';
import { withCloseMark } from '../../http/closeMark';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { findTransaction, type TransactionRow } from '../../store/transactions';
import { abandonCardChallenge, calledOffChallenge } from '../../payments/abandonChallenge';
import { pageGoneOf } from '../../payments/pageGone';
import { settleOnReturn } from '../../payments/settleOnReturn';
import { ApiError } from '../../errors/ApiError';
import { settleResultOf } from './settleBody';

const PAGE_BASE = 'http://checkout.invalid';

/** Same-origin only, percent-encoded; a control or line break would break or split the Location header. */
export function sameOriginPath(returnTo: string | undefined): string | undefined {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\') || hasForbiddenCharacters(returnTo)) return undefined;
  const url = new URL(returnTo, PAGE_BASE);
  const path = url.pathname + url.search + url.hash;
  // What is sent is checked, not what came: the parser folds `/.//x` and `/..//x` into `//x`, another host.
  return url.origin === PAGE_BASE && !path.startsWith('//') ? path : undefined;
}

function withStay(address: string): string {
  const url = new URL(address, PAGE_BASE);
  url.searchParams.set(CHALLENGE_STAY_PARAM, '1');
  return url.pathname + url.search + url.hash;
}

export function afterChallengeUrl(codOper: string, returnTo: string | undefined): string {
  // Only a path on this origin, so the page cannot be used to bounce a payer elsewhere.
  return sameOriginPath(returnTo) ?? `/pf/default-receipt/processing?Oper=${encodeURIComponent(codOper)}`;
}


/** In the payment's language, why it takes no answer: the payer's other method, the order paid elsewhere, the shop's void. */
async function noLongerValid(c: Context<AppEnv>, deps: Deps, row: TransactionRow) {
  const { reason, paidWith } = await pageGoneOf(deps, row);
  const words = pageGoneWords(reason, recordedLanguage(row.lang), paidWith);
  return c.json({ code: 'challenge_abandoned', message: `${words.title}. ${words.text}` }, 409);
}

/** The way back from the issuer's 3D Secure page, under GATEWAY_RETURN_PATH. */
export function threeDsReturnRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const back = afterChallengeUrl(codOper, c.req.query('returnTo'));
    // Cancelled on the issuer's page: called off as the payer's there and withdrawn at the issuer.
    if (c.req.query('cancel') === '1') {
      const row = await findTransaction(deps.db, codOper);
      if (row?.method === 'card') await abandonCardChallenge(deps, row, 'payer_on_issuer_page').catch(() => undefined);
    } else {
    // In case its notification is not in yet.
      await settleOnReturn(deps, codOper, originOf(deps, c.req.url));
    }
    // Closed from the checkout's X or Escape: `stay` keeps the blank page that goes back to the form away.
    const closed = c.req.query(BANK_PAGE_CLOSE_FIELD) === '1';
    return c.redirect(closed ? withStay(withCloseMark(back, { [BANK_PAGE_CLOSE_FIELD]: '1' })) : back, 303);
  });
  return app;
}

export function threeDsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // Pages opened before the way back moved still return here.
  app.get('/3ds/:codOper/return', (c) => c.redirect(`${GATEWAY_RETURN_PATH}/3ds/${encodeURIComponent(c.req.param('codOper'))}${new URL(c.req.url).search}`, 308));
  app.post('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const result = await settleResultOf(c);
    const row = await findTransaction(deps.db, codOper);
    if (row && calledOffChallenge(row)) return noLongerValid(c, deps, row);
    if (row && result === 'cancel') {
      const after = await abandonCardChallenge(deps, row, 'payer_on_issuer_page');
      return c.json({ codOper, status: after.status });
    }
    const challenge = await deps.sandbox?.card.challenge(codOper);
    const decision = challenge && (result === 'approve' || result === 'fail') ? await deps.sandbox?.card.completeChallenge(codOper, result === 'approve', challenge.lang) : undefined;
    if (!decision) {
      const now = await findTransaction(deps.db, codOper);
      if (now && calledOffChallenge(now)) return noLongerValid(c, deps, now);
      throw new ApiError(400, 'invalid_arguments', 'No 3DS challenge is waiting for this codOper, or result is not approve, fail or cancel');
    }
    const settled = await receiveGatewayEvent(deps, { id: `sim:card:${codOper}:${decision.status}`, key: codOper, kind: 'card', decision }, originOf(deps, c.req.url));
    // settlePayment gave back what the issuer took.
    if (settled && calledOffChallenge(settled.row)) return noLongerValid(c, deps, settled.row);
    return c.json({ codOper, status: settled?.row.status ?? null });
  });
  return app;
}
