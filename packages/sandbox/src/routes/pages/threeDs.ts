import { Hono, type Context } from 'hono';
import { catalogs, formatAmount, centsToAmount, hasForbiddenCharacters, CHALLENGE_STAY_PARAM } from '@pasarela/core';
import { originOf, type Deps } from '../../Deps';
import type { AppEnv } from '../../http/AppEnv';
import { BANK_PAGE_CLOSE_FIELD, bankPageTop, escapeHtml, sandboxPage, shopHeader, withCloseMark } from '../../http/html';
import { findMerchant } from '../../store/merchants';
import { mailReceipt } from '../../payments/receiptMail';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { bankPageShop } from '../../brand/merchantBrand';
import { pageThemeOf, type PageTheme } from '../../brand/bankPageLook';
import { findTransaction, type TransactionRow } from '../../store/transactions';
import { abandonCardChallenge, leftByPayer } from '../../payments/abandonChallenge';

const PAGE_BASE = 'http://checkout.invalid';

/**
 * returnTo as a path on this origin, percent-encoded as a browser would send it; undefined when it
 * leads elsewhere or holds what no address does (a control or line break would break the Location
 * header, or split it).
 */
export function sameOriginPath(returnTo: string | undefined): string | undefined {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.includes('\\') || hasForbiddenCharacters(returnTo)) return undefined;
  const url = new URL(returnTo, PAGE_BASE);
  return url.origin === PAGE_BASE ? url.pathname + url.search + url.hash : undefined;
}

function withStay(address: string): string {
  const url = new URL(address, PAGE_BASE);
  url.searchParams.set(CHALLENGE_STAY_PARAM, '1');
  return url.pathname + url.search + url.hash;
}

/** Where the payer lands after the challenge: SPEC 2's processing page, which opens the receipt. */
export function afterChallengeUrl(codOper: string, returnTo: string | undefined): string {
  // Only a path on this origin, so the page cannot be used to bounce a payer elsewhere.
  return sameOriginPath(returnTo) ?? `/pf/default-receipt/processing?Oper=${encodeURIComponent(codOper)}`;
}

/**
 * The challenge of a payment the payer left for another card or method (payments/abandonChallenge):
 * no longer valid, said in the payment's language; 410, or 409 challenge_abandoned to a JSON caller.
 */
async function noLongerValid(c: Context<AppEnv>, deps: Deps, row: TransactionRow, theme: PageTheme) {
  const lang = row.lang === 'en' ? 'en' : 'es';
  const title = catalogs[lang]['challenge_page_gone_title'] ?? '';
  const text = catalogs[lang]['challenge_page_gone'] ?? '';
  if ((c.req.header('accept') ?? '').includes('application/json')) return c.json({ code: 'challenge_abandoned', message: `${title}. ${text}` }, 409);
  const shop = await bankPageShop(deps.db, row.cod_oper, { name: '', logo: null });
  return c.html(sandboxPage(title, `${shopHeader(shop)}<span class="sandbox">Sandbox</span><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`, { theme, brandColor: shop.brandColor, lang }), 410);
}

/** The simulated issuer's 3D Secure page the 4000 0000 0000 3220 card redirects to; its answer reaches the payment as a gateway event. */
export function threeDsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const gone = (c: Context<AppEnv>) =>
    c.html(sandboxPage('3D Secure', '<h1>3D Secure</h1><p>Esta autenticación no existe o ya terminó.</p>', { theme: pageThemeOf(c.req.query('theme')), brandColor: null }), 404);
  app.get('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const row = await findTransaction(deps.db, codOper);
    if (row && leftByPayer(row)) return noLongerValid(c, deps, row, pageThemeOf(c.req.query('theme')));
    const challenge = await deps.sandbox?.card.challenge(codOper);
    if (!challenge) return gone(c);
    const returnTo = c.req.query('returnTo') ?? '';
    const action = `/sandbox/3ds/${encodeURIComponent(codOper)}`;
    const theme = pageThemeOf(c.req.query('theme'));
    const hidden = `<input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}"><input type="hidden" name="theme" value="${theme}">`;
    // Whose payment: the shop as its payers know it (its brand's name, logo and colour).
    const shop = await bankPageShop(deps.db, codOper, challenge.merchant);
    // In the payment's language; the cancel calls the attempt off (nothing charged), unlike the issuer's Fail.
    const en = challenge.lang === 'en';
    const amount = escapeHtml(formatAmount(centsToAmount(challenge.amountCents)));
    const body = `${bankPageTop(shop, action, hidden, en ? 'en' : 'es', 'cancel')}<span class="sandbox">Sandbox</span><h1>${en ? '3D Secure verification' : 'Verificación 3D Secure'}</h1>
<p>${escapeHtml(shop.name)}: ${en ? `${amount} with ${escapeHtml(challenge.brand)} card ending in ${escapeHtml(challenge.last4)}` : `${amount} con tarjeta ${escapeHtml(challenge.brand)} terminada en ${escapeHtml(challenge.last4)}`}.</p>
<p>${en ? "Simulate the issuing bank's answer:" : 'Simule la respuesta del banco emisor:'}</p>
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="approve"><button class="approve" type="submit">${en ? 'Approve' : 'Aprobar'}</button></form>
<form method="post" action="${action}">${hidden}<input type="hidden" name="result" value="fail"><button class="fail" type="submit">${en ? 'Fail' : 'Fallar'}</button></form>`;
    return c.html(sandboxPage('3D Secure', body, { theme, brandColor: shop.brandColor, lang: en ? 'en' : 'es' }));
  });
  app.post('/3ds/:codOper', async (c) => {
    const codOper = c.req.param('codOper');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = form['result'];
    const returnTo = typeof form['returnTo'] === 'string' ? form['returnTo'] : undefined;
    const theme = pageThemeOf(typeof form['theme'] === 'string' ? form['theme'] : undefined);
    // Left for another card or method: refused before the issuer is asked.
    const row = await findTransaction(deps.db, codOper);
    if (row && leftByPayer(row)) return noLongerValid(c, deps, row, theme);
    if (row && result === 'cancel') {
      // The payer cancels: the attempt is called off as theirs (nothing charged, no longer a possible duplicate), then back to the checkout.
      await abandonCardChallenge(deps, row).catch(() => undefined);
      // Closed from the checkout's X or Escape: the receipt's address reports the cancel and closes
      // the checkout (`stay`: not the blank page that goes back to the form).
      const back = afterChallengeUrl(codOper, returnTo);
      return c.redirect(form[BANK_PAGE_CLOSE_FIELD] === '1' ? withStay(withCloseMark(back, form)) : back, 303);
    }
    const challenge = await deps.sandbox?.card.challenge(codOper);
    const decision = challenge && (result === 'approve' || result === 'fail') ? await deps.sandbox?.card.completeChallenge(codOper, result === 'approve', challenge.lang) : undefined;
    if (!decision) {
      // Left while this request was on its way: the issuer's challenge was withdrawn.
      const now = await findTransaction(deps.db, codOper);
      if (now && leftByPayer(now)) return noLongerValid(c, deps, now, theme);
      return c.json({ code: 'invalid_arguments', message: 'No 3DS challenge is waiting for this codOper, or result is not approve|fail' }, 400);
    }
    const settled = await receiveGatewayEvent(deps, { id: `sim:card:${codOper}:${decision.status}`, key: codOper, kind: 'card', decision });
    // Left as the issuer answered: the payment stays called off (settlePayment gave back what the issuer took).
    if (settled && leftByPayer(settled.row)) return noLongerValid(c, deps, settled.row, theme);
    if (settled?.kind === 'settled') await mailReceipt(deps.db, settled.row, (await findMerchant(deps.db, settled.row.merchant_id))?.name ?? '', originOf(deps, c.req.url));
    if ((c.req.header('accept') ?? '').includes('application/json')) {
      return c.json({ codOper, status: settled?.row.status ?? null });
    }
    return c.redirect(afterChallengeUrl(codOper, returnTo), 303);
  });
  return app;
}
