import type { MerchantDescriptor } from '@pasarela/gateways';
import { createHash } from 'node:crypto';
import { catalogs, centsToAmount, formatAmount, hasForbiddenCharacters, isCurrency, type Language } from '@pasarela/core';
import { BANK_PAGE_CLOSE_FIELD, bankPageColourCss, escapeHtml, pageThemeOf, type PageTheme } from '@pasarela/core';

// On its own origin as a real issuer's: one language per page, every text escaped, style and script let in by hash only.

export { escapeHtml };

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const CLOSE_FIELD = BANK_PAGE_CLOSE_FIELD;
/** Opaque here, as 3-D Secure's session data. */
export const CARRIED_FIELD = 'returnTo';

// Arriving, the focus starts at the page's title. Inside the checkout's frame the page shows the
// checkout's X and takes Escape, its own cancel marked `close`: the frame keeps the keyboard after the
// checkout's page left it, so Escape reaches this page. Where the page holds a question (`.ask`), the
// X and Escape ask it first, as the checkout's own waits do; Escape in the question dismisses it.
// In the shop's modal dialog (`modal=1`, from the checkout), Tab goes round the page's controls (the
// question's alone while it is open), never out of the frame to a stop on no control.
const FRAMED_CLOSE_SCRIPT = "(function(){var h=document.querySelector('h1');if(h&&(!document.activeElement||document.activeElement===document.body)){h.tabIndex=-1;h.focus()}if(window.parent===window)return;var x=document.querySelector('button.close');if(!x)return;x.hidden=false;var a=document.querySelector('.ask'),ok=false,back=null;function hide(){a.hidden=true;if(back&&back.isConnected)back.focus()}if(a){x.addEventListener('click',function(e){if(ok)return;e.preventDefault();back=document.activeElement;a.hidden=false;a.querySelector('button').focus()});a.querySelector('.keep').addEventListener('click',hide);a.querySelector('.leave').addEventListener('click',function(){ok=true;x.click()})}document.addEventListener('keydown',function(e){if(e.key!=='Escape'||e.defaultPrevented)return;e.preventDefault();if(a&&!a.hidden)hide();else x.click()});if(/[?&]modal=1(&|$)/.test(location.search))document.addEventListener('keydown',function(e){if(e.key!=='Tab'||e.defaultPrevented)return;var q=a&&!a.hidden,s=[].filter.call((q?a:document).querySelectorAll('a[href],button'),function(n){return!n.disabled&&!n.closest('[hidden]')&&n.getClientRects().length>0}),f=s[0],l=s[s.length-1],c=document.activeElement,i=s.indexOf(c),t=e.shiftKey?(c===f||q&&i<0?l:null):(c===l||q&&i<0?f:null);if(!t)return;e.preventDefault();t.focus()});window.focus()})()";
const SCRIPT_HASH = hashOf(FRAMED_CLOSE_SCRIPT);

const STYLE_RULES = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:var(--page);color:var(--text)}
main{background:var(--card);border-radius:12px;padding:24px;max-width:420px;box-shadow:0 2px 12px #0003;margin:12px}
h1{font-size:1.25rem;margin:0 0 8px}.sandbox{font-size:.8rem;color:var(--badge-text);background:var(--badge);padding:2px 8px;border-radius:6px}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:8px;border:2px solid var(--brand-edge);margin:12px 8px 0 0;cursor:pointer}
button.approve{background:var(--brand);color:var(--on-brand)}button.fail{background:var(--card);color:var(--fail);border-color:var(--fail)}
a.back{display:inline-block;padding:10px 18px;border-radius:8px;border:2px solid var(--brand-edge);background:var(--brand);color:var(--on-brand);text-decoration:none;font-weight:600}
button:focus-visible,h1:focus-visible,a.back:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.vh{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.ask{position:fixed;left:12px;right:12px;top:15%;max-width:380px;margin:auto;background:var(--card);color:var(--text);border:1px solid var(--edge);border-radius:12px;padding:18px;box-shadow:0 8px 40px #0006;z-index:2}
.ask[hidden]{display:none}.ask h2{font-size:1.0625rem;margin:0 0 8px}.ask p{margin:0}.ask .leave{background:var(--card);color:var(--text);border:1px solid var(--edge)}
.shop{display:flex;flex-wrap:wrap;align-items:center;gap:10px;margin:0 0 16px;padding:0 52px 12px 0;border-bottom:1px solid var(--line);position:relative}
.shop img,.shop .initial{width:32px;height:32px;border-radius:8px;flex:none;object-fit:contain}.shop .initial{display:grid;place-items:center;background:var(--initial);font-weight:700}
.shop p{margin:0;font-weight:600;flex:1;min-width:0;overflow-wrap:anywhere}button.cancel{display:block;margin:20px 0 0;padding:8px 12px;background:var(--card);color:var(--text);border:1px solid var(--edge);font-size:.9rem}
.shop button.close{position:absolute;top:-8px;right:0;margin:0;width:44px;height:44px;padding:0;font-size:1.5rem;line-height:1;background:var(--card);color:var(--text);border:1px solid var(--edge)}.shop button.close[hidden]{display:none}`;

export { pageThemeOf, type PageTheme };

export interface PageLook {
  theme: PageTheme;
  color: string | null;
  lang: Language;
}

export interface RenderedPage {
  html: string;
  csp: string;
}

/**
 * The page names an empty icon: without one the browser asks `/favicon.ico`, which the simulator,
 * whose every other path takes its secret, answers 401, a console error on each visit.
 */
export function renderPage(title: string, body: string, look: PageLook, returnOrigin: string | null): RenderedPage {
  const color = look.color && /^#[0-9a-f]{6}$/i.test(look.color) ? look.color : null;
  const style = `${bankPageColourCss(look.theme, color)}\n${STYLE_RULES}`;
  const html = `<!doctype html><html lang="${look.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="${look.theme === 'auto' ? 'light dark' : look.theme}"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title><style>${style}</style></head>
<body><main>${body}</main><script>${FRAMED_CLOSE_SCRIPT}</script></body></html>`;
  // A form's redirect is held to form-action too: the return address's origin is let in, and nothing else.
  const csp = [
    "default-src 'none'", `style-src ${hashOf(style)}`, `script-src ${SCRIPT_HASH}`, 'img-src https: http: data:',
    `form-action 'self'${returnOrigin ? ` ${returnOrigin}` : ''}`, "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}

export function shopHeader(merchant: MerchantDescriptor, after: string): string {
  const logo = merchant.logo && /^https?:\/\//.test(merchant.logo)
    ? `<img src="${escapeHtml(merchant.logo)}" alt="" width="32" height="32">`
    : `<span class="initial" aria-hidden="true">${escapeHtml(merchant.name.slice(0, 1))}</span>`;
  return `<header class="shop">${logo}<p>${escapeHtml(merchant.name)}</p>\n${after}</header>`;
}

/** The checkout's X (framed only) and the cancel below the answers are never side by side: two buttons there that do different things read as one. */
export function cancelForm(action: string, hidden: string, lang: Language, result: string): string {
  const label = lang === 'en' ? 'Cancel and go back' : 'Cancelar y volver';
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="result" value="${escapeHtml(result)}"><button class="cancel" type="submit">${label}</button></form>`;
}

/** What the X and Escape ask before closing (the page's script shows it). */
export interface CloseQuestion {
  title: string;
  text: string;
  keep: string;
  leave: string;
}

export function closeForm(action: string, hidden: string, lang: Language, result: string, ask?: CloseQuestion): string {
  const close = catalogs[lang]['close'] ?? (lang === 'en' ? 'Close' : 'Cerrar');
  const question = ask
    ? `<div class="ask" role="alertdialog" aria-modal="true" aria-labelledby="ask-title" aria-describedby="ask-text" hidden><h2 id="ask-title">${escapeHtml(ask.title)}</h2><p id="ask-text">${escapeHtml(ask.text)}</p><button type="button" class="keep approve">${escapeHtml(ask.keep)}</button><button type="button" class="leave">${escapeHtml(ask.leave)}</button></div>`
    : '';
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="result" value="${escapeHtml(result)}"><button class="close" type="submit" name="${CLOSE_FIELD}" value="1" aria-label="${escapeHtml(close)}" hidden>×</button></form>${question}`;
}

export function answerForm(action: string, hidden: string, result: 'approve' | 'fail', label: string): string {
  return `<form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="result" value="${result}"><button class="${result}" type="submit">${escapeHtml(label)}</button></form>`;
}

export function hiddenFields(carried: string | undefined, theme: PageTheme): string {
  return `${carried ? `<input type="hidden" name="${CARRIED_FIELD}" value="${escapeHtml(carried)}">` : ''}<input type="hidden" name="theme" value="${theme}">`;
}

export function carriedOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= 2_000 && !hasForbiddenCharacters(value) ? value : undefined;
}

export const CANCEL_MARK = 'cancel';

/** Stored under the key, never taken from the request. */
export function returnAddress(stored: string, carried: string | undefined, closed: boolean, cancelled = false): string {
  const url = new URL(stored);
  if (carried) url.searchParams.set(CARRIED_FIELD, carried);
  if (closed) url.searchParams.set(CLOSE_FIELD, '1');
  if (cancelled) url.searchParams.set(CANCEL_MARK, '1');
  return url.href;
}

/** The charge's amount as the checkout said it: pesos whole ($ 813.000), dollars with cents; a currency it does not know is said in dollars. */
export const amountOf = (cents: number, lang: Language, currency = 'USD') =>
  escapeHtml(formatAmount(centsToAmount(cents), lang, isCurrency(currency) ? currency : 'USD'));

export function unknownPage(title: string, text: string, look: PageLook): RenderedPage {
  return renderPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`, look, null);
}
