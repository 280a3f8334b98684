import type { GatewayEvent, PageGone } from '@pasarela/gateways';
import { Hono, type Context } from 'hono';
import { maskedCardName, pageGoneWords, spokenMaskedName, type Language, type PageGoneReason } from '@pasarela/core';
import type { SimulatedGateways } from '../processors/simulatedGateways';
import type { Notifier } from '../notifier';
import {
  amountOf, answerForm, CANCEL_MARK, cancelForm, closeForm, carriedOf, CARRIED_FIELD, CLOSE_FIELD, escapeHtml, hiddenFields, pageThemeOf, renderPage,
  returnAddress, shopHeader, unknownPage, type PageLook, type RenderedPage,
} from './page';

type Form = Record<string, unknown>;

const TEXT = {
  es: {
    threeDsTitle: 'Verificación 3D Secure', threeDsAsk: 'Simula la respuesta del banco emisor:', approve: 'Aprobar', fail: 'Fallar', decline: 'Rechazar',
    threeDsUnknown: 'Esta autenticación no existe o ya terminó.', claveTitle: 'Banca en línea: pago con Clave', pay: 'Pagar',
    claveUnknown: 'Este pago no existe o ya terminó.',
    closeHint: 'Puedes cerrar esta página.', back: (shop: string) => `Volver a ${shop}`,
    doneTitle: 'Respuesta registrada', done: 'El banco registró tu respuesta. Puedes cerrar esta página.',
    answeredTitle: 'Ya respondiste', answered: 'Tu banco ya registró tu respuesta a este pago: no hace falta responder de nuevo.',
    card: (amount: string, card: string) => `${amount} con ${card}.`,
    cardEndingIn: '{{brand}} terminada en {{last4}}',
    closeAsk: { title: '¿Cerrar sin verificar?', text: 'Si cierras ahora, el pago no se hace y no se cobra nada.', keep: 'Seguir aquí', leave: 'Cerrar de todas formas' },
    claveCloseAsk: { title: '¿Cerrar sin pagar?', text: 'Si cierras ahora, el pago se cancela y no se cobra nada.', keep: 'Seguir aquí', leave: 'Cerrar de todas formas' },
  },
  en: {
    threeDsTitle: '3D Secure verification', threeDsAsk: "Simulate the issuing bank's answer:", approve: 'Approve', fail: 'Fail', decline: 'Decline',
    threeDsUnknown: 'This authentication does not exist or has already ended.', claveTitle: 'Online banking: pay with Clave', pay: 'Pay',
    claveUnknown: 'This payment does not exist or has already ended.',
    closeHint: 'You can close this page.', back: (shop: string) => `Back to ${shop}`,
    doneTitle: 'Answer recorded', done: 'The bank recorded your answer. You can close this page.',
    answeredTitle: 'Already answered', answered: 'Your bank already recorded your answer to this payment: there is no need to answer again.',
    card: (amount: string, card: string) => `${amount} with ${card}.`,
    cardEndingIn: '{{brand}} ending in {{last4}}',
    closeAsk: { title: 'Close without verifying?', text: 'If you close now, the payment is not made and nothing is charged.', keep: 'Stay here', leave: 'Close anyway' },
    claveCloseAsk: { title: 'Close without paying?', text: 'If you close now, the payment is cancelled and nothing is charged.', keep: 'Stay here', leave: 'Close anyway' },
  },
} as const;

/** The return page waits for it too. */
const TELL_WAIT_MS = 2_000;

const send = (c: Context, page: RenderedPage, status: 200 | 404 | 410 = 200) => {
  c.header('content-security-policy', page.csp);
  c.header('cache-control', 'no-store');
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'no-referrer');
  return c.html(page.html, status);
};

const langOf = (value: string | undefined): Language => (value === 'en' ? 'en' : 'es');
const originOf = (url: string) => (url ? new URL(url).origin : null);

/** POST records the payer's answer under the key, notifies the server, and 303s to the return address. A withdrawn page takes no answer. */
export function payerPages(simulated: SimulatedGateways, notify: Notifier | undefined) {
  const { pages, controls } = simulated;
  const app = new Hono();

  const tell = async (key: string, event: GatewayEvent) => {
    if (!notify) return;
    await notify.tell(key, event);
    // Sent now rather than on the next tick, so the payer usually finds the payment settled on return:
    // a pass already under way may have started before this one was queued, so a second pass follows it.
    const sent = notify.deliverDue().then(() => notify.deliverDue());
    await Promise.race([sent, new Promise((resolve) => setTimeout(resolve, TELL_WAIT_MS).unref())]);
  };
  const form = async (c: Context): Promise<Form> => (await c.req.parseBody().catch(() => ({}))) as Form;

  const goBack = (c: Context, returnUrl: string | undefined, f: Form, look: PageLook) => {
    if (!returnUrl) return send(c, unknownPage(TEXT[look.lang].doneTitle, TEXT[look.lang].done, look));
    return c.redirect(returnAddress(returnUrl, carriedOf(f[CARRIED_FIELD]), f[CLOSE_FIELD] === '1', f[CANCEL_MARK] === '1'), 303);
  };

  app.get('/3ds/:key', async (c) => {
    const key = c.req.param('key');
    const theme = pageThemeOf(c.req.query('theme'));
    const page = await pages.challenge(key);
    if (!page) return send(c, unknownPage('3D Secure', TEXT[langOf(c.req.query('lang'))].threeDsUnknown, { theme, color: null, lang: langOf(c.req.query('lang')) }), 404);
    const { request } = page;
    const lang = langOf(request.lang);
    const look: PageLook = { theme, color: request.merchant.color ?? null, lang };
    if (page.state === 'withdrawn') return send(c, goneCard(look, request.merchant, wayBack(request.returnUrl, c.req.query(CARRIED_FIELD)), await pages.whyGone(key)), 410);
    // Come back to (the browser's Back from the receipt): said answered, not asked again.
    if (page.state === 'decided') return send(c, answeredPage(look, request.merchant, wayBack(request.returnUrl, c.req.query(CARRIED_FIELD))));
    const t = TEXT[lang];
    const action = `/3ds/${encodeURIComponent(key)}`;
    const hidden = hiddenFields(carriedOf(c.req.query(CARRIED_FIELD)), theme);
    // One way to name a card everywhere (core's maskedCardName): "Visa •••• 3220", read in words.
    const card = maskedCardName(request.brand, request.last4) ?? { kind: 'card' as const, shown: request.brand, brand: request.brand, last4: '' };
    const spoken = spokenMaskedName(card, (_key, values) => t.cardEndingIn.replace('{{brand}}', values.brand).replace('{{last4}}', values.last4));
    const amount = amountOf(request.amountCents, lang, request.currency);
    const body = `${shopHeader(request.merchant, closeForm(action, hidden, lang, 'cancel', t.closeAsk))}<span class="sandbox">Sandbox</span><h1>${t.threeDsTitle}</h1>
<p>${escapeHtml(request.merchant.name)}: <span aria-hidden="true">${escapeHtml(t.card(amount, card.shown))}</span><span class="vh">${escapeHtml(t.card(amount, spoken))}</span></p>
<p>${t.threeDsAsk}</p>
${answerForm(action, hidden, 'approve', t.approve)}${answerForm(action, hidden, 'fail', t.fail)}${cancelForm(action, hidden, lang, 'cancel')}`;
    return send(c, renderPage('3D Secure', body, look, originOf(request.returnUrl ?? '')));
  });

  app.post('/3ds/:key', async (c) => {
    const key = c.req.param('key');
    const f = await form(c);
    const theme = pageThemeOf(typeof f['theme'] === 'string' ? f['theme'] : undefined);
    const page = await pages.challenge(key);
    if (!page) return send(c, unknownPage('3D Secure', TEXT.es.threeDsUnknown, { theme, color: null, lang: 'es' }), 404);
    const { request } = page;
    const look: PageLook = { theme, color: request.merchant.color ?? null, lang: langOf(request.lang) };
    const result = f['result'];
    if (result !== 'approve' && result !== 'fail' && result !== 'cancel') return c.text('result must be approve, fail or cancel', 400);
    if (page.state === 'withdrawn') return send(c, goneCard(look, request.merchant, wayBack(request.returnUrl, f[CARRIED_FIELD]), await pages.whyGone(key)), 410);
    // Answered already (a form sent twice, Back and send again): back where the first went, nothing changed.
    if (page.state === 'decided') return goBack(c, request.returnUrl, f, look);
    // The payer leaves without answering: nothing decided here; the checkout, told by the mark on
    // its return address, calls the payment off as the payer's and withdraws the challenge (the void).
    if (result === 'cancel') return goBack(c, request.returnUrl, { ...f, [CANCEL_MARK]: '1' }, look);
    const decision = await controls.card.completeChallenge(key, result === 'approve', look.lang);
    if (!decision) {
      // Withdrawn while this answer was on its way: the void came first.
      const now = await pages.challenge(key);
      if (now?.state === 'withdrawn') return send(c, goneCard(look, request.merchant, wayBack(request.returnUrl, f[CARRIED_FIELD]), await pages.whyGone(key)), 410);
      return goBack(c, request.returnUrl, f, look);
    }
    await tell(key, { id: `sim:card:${key}:${decision.status}`, key, kind: 'card', decision });
    return goBack(c, request.returnUrl, f, look);
  });

  app.get('/clave/:key', async (c) => {
    const key = c.req.param('key');
    const theme = pageThemeOf(c.req.query('theme'));
    const page = await pages.bank(key);
    if (!page) return send(c, unknownPage('Clave', TEXT[langOf(c.req.query('lang'))].claveUnknown, { theme, color: null, lang: langOf(c.req.query('lang')) }), 404);
    const { request } = page;
    const lang = langOf(request.lang);
    const look: PageLook = { theme, color: request.merchant.color ?? null, lang };
    if (page.state === 'withdrawn') return send(c, goneBank(look, request.merchant, wayBack(request.returnUrl, c.req.query(CARRIED_FIELD)), await pages.whyGone(key)), 410);
    if (page.state === 'decided') return send(c, answeredPage(look, request.merchant, wayBack(request.returnUrl, c.req.query(CARRIED_FIELD))));
    const t = TEXT[lang];
    const action = `/clave/${encodeURIComponent(key)}`;
    const hidden = hiddenFields(carriedOf(c.req.query(CARRIED_FIELD)), theme);
    // Closed or left without an answer: the payer's cancel, which the checkout records as such (never the bank's refusal).
    const body = `${shopHeader(request.merchant, closeForm(action, hidden, lang, 'cancel', t.claveCloseAsk))}<span class="sandbox">Sandbox</span><h1>${t.claveTitle}</h1>
<p>${t.pay} ${amountOf(request.amountCents, lang)}: ${escapeHtml(request.description)}</p>
${answerForm(action, hidden, 'approve', t.approve)}${answerForm(action, hidden, 'fail', t.decline)}${cancelForm(action, hidden, lang, 'cancel')}`;
    return send(c, renderPage('Clave', body, look, originOf(request.returnUrl)));
  });

  app.post('/clave/:key', async (c) => {
    const key = c.req.param('key');
    const f = await form(c);
    const theme = pageThemeOf(typeof f['theme'] === 'string' ? f['theme'] : undefined);
    const page = await pages.bank(key);
    if (!page) return send(c, unknownPage('Clave', TEXT.es.claveUnknown, { theme, color: null, lang: 'es' }), 404);
    const { request } = page;
    const look: PageLook = { theme, color: request.merchant.color ?? null, lang: langOf(request.lang) };
    const result = f['result'];
    if (result !== 'approve' && result !== 'fail' && result !== 'cancel') return c.text('result must be approve, fail or cancel', 400);
    if (page.state === 'withdrawn') return send(c, goneBank(look, request.merchant, wayBack(request.returnUrl, f[CARRIED_FIELD]), await pages.whyGone(key)), 410);
    if (page.state === 'decided') return goBack(c, request.returnUrl || undefined, f, look);
    // The payer leaves without answering: nothing decided at the bank; the checkout, told by the mark on
    // its return address, calls the payment off as the payer's and withdraws this page.
    if (result === 'cancel') return goBack(c, request.returnUrl || undefined, { ...f, [CANCEL_MARK]: '1' }, look);
    const outcome = await controls.bank.payerDecides(key, result === 'approve');
    if (!outcome) {
      const now = await pages.bank(key);
      if (now?.state === 'withdrawn') return send(c, goneBank(look, request.merchant, wayBack(request.returnUrl, f[CARRIED_FIELD]), await pages.whyGone(key)), 410);
      return goBack(c, request.returnUrl || undefined, f, look);
    }
    await tell(key, { id: `sim:bank:${key}:${outcome}`, key, kind: 'bank', outcome });
    return goBack(c, request.returnUrl || undefined, f, look);
  });

  return app;
}

/** Where a page that says its payment is gone leads: the checkout's return, which reads what became of the order. */
function wayBack(returnUrl: string | undefined, carried: unknown): string | null {
  return returnUrl ? returnAddress(returnUrl, carriedOf(carried), false) : null;
}

/**
 * Its way back is a link inside the page (inside the checkout's frame, where "close this page" is no
 * way out): to the checkout's return, which says the order is paid when another payment paid it.
 */
function gonePage(title: string, text: string, look: PageLook, merchant: { name: string; logo: string | null }, back: string | null): RenderedPage {
  const t = TEXT[look.lang];
  const way = back
    ? `<p><a class="back" href="${escapeHtml(back)}">${escapeHtml(t.back(merchant.name))}</a></p>`
    : '';
  const body = `${shopHeader(merchant, '')}<span class="sandbox">Sandbox</span><h1>${escapeHtml(title)}</h1><p>${escapeHtml(back ? text : `${text} ${t.closeHint}`)}</p>${way}`;
  return renderPage(title, body, look, null);
}

function goneCard(look: PageLook, merchant: { name: string; logo: string | null }, back: string | null, gone: PageGone | undefined): RenderedPage {
  const words = goneWords(look.lang, gone, 'challenge');
  return gonePage(words.title, words.text, look, merchant, back);
}

const GONE_REASONS: readonly string[] = ['another_method', 'paid_elsewhere', 'cancelled_on_page', 'merchant', 'other'] satisfies PageGoneReason[];

/**
 * Why the page takes no answer, as the server told when it withdrew it (the payer's other method,
 * the order paid in another window or device, the shop's void); told nothing, only what the bank knows.
 */
function goneWords(lang: Language, gone: PageGone | undefined, page: 'challenge' | 'bank') {
  const reason = gone && GONE_REASONS.includes(gone.reason) ? (gone.reason as PageGoneReason) : 'other';
  return pageGoneWords(reason, lang, gone?.paidWith ?? null, page);
}

function answeredPage(look: PageLook, merchant: { name: string; logo: string | null }, back: string | null): RenderedPage {
  return gonePage(TEXT[look.lang].answeredTitle, TEXT[look.lang].answered, look, merchant, back);
}

function goneBank(look: PageLook, merchant: { name: string; logo: string | null }, back: string | null, gone: PageGone | undefined): RenderedPage {
  const words = goneWords(look.lang, gone, 'bank');
  return gonePage(words.title, words.text, look, merchant, back);
}
