import { catalogs } from '@pasarela/core';
import { bankPageColourCss, type PageTheme } from '../brand/bankPageLook';

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** How a bank page looks: the payer's theme and the merchant's brand colour (#rrggbb, or null). */
export interface PageLook {
  theme: PageTheme;
  brandColor: string | null;
  /** The page's language when it speaks one (a payment's state); the bilingual pages are es. */
  lang?: 'es' | 'en';
}

/** A small self-contained page for the sandbox's stand-ins (3DS, Clave bank page), light, dark or as the device prefers. */
export function sandboxPage(title: string, bodyHtml: string, look: PageLook = { theme: 'auto', brandColor: null }): string {
  return `<!doctype html><html lang="${look.lang ?? 'es'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="${look.theme === 'auto' ? 'light dark' : look.theme}">
<title>${escapeHtml(title)}</title>
<style>${bankPageColourCss(look.theme, look.brandColor)}
body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:var(--page);color:var(--text)}
main{background:var(--card);border-radius:12px;padding:24px;max-width:420px;box-shadow:0 2px 12px #0003;margin:12px}
h1{font-size:1.25rem;margin:0 0 8px}.sandbox{font-size:.8rem;color:var(--badge-text);background:var(--badge);padding:2px 8px;border-radius:6px}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:8px;border:2px solid var(--brand-edge);margin:12px 8px 0 0;cursor:pointer}
button.approve{background:var(--brand);color:var(--on-brand)}button.fail{background:var(--card);color:var(--fail);border-color:var(--fail)}
button:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.shop{display:flex;flex-wrap:wrap;align-items:center;gap:10px;margin:0 0 16px;padding:0 0 12px;border-bottom:1px solid var(--line)}
.shop img,.shop .initial{width:32px;height:32px;border-radius:8px;flex:none;object-fit:contain}.shop .initial{display:grid;place-items:center;background:var(--initial);font-weight:700}
.shop p{margin:0;font-weight:600;flex:1;min-width:0;overflow-wrap:anywhere}.shop form{flex-basis:100%}.shop button.cancel{margin:0;padding:8px 12px;background:var(--card);color:var(--text);border:1px solid var(--edge);font-size:.9rem}
.shop{position:relative;padding-right:52px}.shop button.close{position:absolute;top:-8px;right:0;margin:0;width:44px;height:44px;padding:0;font-size:1.5rem;line-height:1;background:var(--card);color:var(--text);border:1px solid var(--edge)}.shop button.close[hidden]{display:none}</style></head>
<body><main>${bodyHtml}</main></body></html>`;
}

/** The merchant a bank page is paying, and the payment it holds (for the cancel's form). */
export interface BankPageShop {
  name: string;
  /** The merchant's logo: a path on this origin or an http(s) address; '' for none. */
  logo: string;
}

/**
 * The top of the sandbox's bank pages (3DS, Clave): whose payment this is (the merchant's logo and
 * name) and the payer's way out, a cancel (`result`: the value the page's POST reads as the payer's
 * cancel) that goes back to the checkout, in the page's language.
 */
export function bankPageTop(shop: BankPageShop | null, cancelAction: string, hiddenFields: string, lang: 'es' | 'en' = 'es', result = 'fail'): string {
  const label = lang === 'en' ? 'Cancel and go back' : 'Cancelar y volver';
  const close = catalogs[lang]['close'] ?? 'Cerrar';
  // Inside the checkout's frame the page takes the checkout's X and Escape: the same cancel, marked
  // `close` so the checkout closes once it has told the shop (shown only when framed).
  return shopHeader(shop, `<form method="post" action="${escapeHtml(cancelAction)}">${hiddenFields}<input type="hidden" name="result" value="${escapeHtml(result)}"><button class="cancel" type="submit">${label}</button><button class="close" type="submit" name="${BANK_PAGE_CLOSE_FIELD}" value="1" aria-label="${escapeHtml(close)}" hidden>×</button></form>${FRAMED_CLOSE_SCRIPT}`);
}

/** The cancel form's field (and the return address's mark) that asks the checkout to close after the cancel. */
export const BANK_PAGE_CLOSE_FIELD = 'close';

const FRAMED_CLOSE_SCRIPT = `<script>(function(){if(window.parent===window)return;var x=document.querySelector('button.close');if(!x)return;x.hidden=false;document.addEventListener('keydown',function(e){if(e.key==='Escape'&&!e.defaultPrevented){e.preventDefault();x.click()}})})()</script>`;

/** The address the page goes back to, marked so the checkout closes there when the payer closed the page. */
export function withCloseMark(address: string, form: Record<string, unknown>): string {
  if (form[BANK_PAGE_CLOSE_FIELD] !== '1') return address;
  const url = new URL(address, 'http://sandbox.invalid');
  url.searchParams.set(BANK_PAGE_CLOSE_FIELD, '1');
  return url.pathname + url.search + url.hash;
}

/** Whose payment a bank page is about: the merchant's logo (or initial) and name, then `after` (HTML). */
export function shopHeader(shop: BankPageShop | null, after = ''): string {
  const logo = shop && /^(\/(?!\/)|https?:\/\/)/.test(shop.logo)
    ? `<img src="${escapeHtml(shop.logo)}" alt="" width="32" height="32">`
    : `<span class="initial" aria-hidden="true">${escapeHtml((shop?.name ?? '').slice(0, 1))}</span>`;
  return `<header class="shop">${shop ? logo : ''}<p>${escapeHtml(shop?.name ?? '')}</p>
${after}</header>`;
}
