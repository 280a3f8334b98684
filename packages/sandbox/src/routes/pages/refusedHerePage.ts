import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogs, escapeHtml, type Language } from '@pasarela/core';
import { cspHashOf } from '../../http/widgetSecurity';

// A merchant with domain validation is framed only by its allowed domains (docs/api.md "Widget
// pages"). A shop's page elsewhere that opened its checkout (the loader names its page in
// `parentOrigin`) gets this page in the frame instead of the checkout: framed by that exact origin
// alone, it holds nothing of the payment, says why in the payer's language and, through the widget's
// small script (packages/widget/src/embed/refusedHere.ts), tells the shop at once as an `error` event,
// where a refused frame left a browser's error page and `connection_failed` 30 s later. So does a page
// with no origin of its own (opened from a file, or in a sandboxed frame), which no checkout can
// answer, for any merchant.

/** Why the checkout is not shown: a page the merchant's domain validation refuses, or a page with no origin. */
export type Refusal = { code: 'domain_not_allowed'; parentOrigin: string } | { code: 'page_has_no_origin' };

const STYLE =
  // Opaque: a modal's frame is not left to show the shop's page through it.
  ':root{color-scheme:light dark;background:Canvas;color:CanvasText;font-family:system-ui,sans-serif}' +
  'body{margin:0;padding:24px 20px;display:flex;justify-content:center}' +
  'main{max-width:28rem;text-align:center}' +
  'h1{font-size:1.125rem;line-height:1.4;margin:0 0 20px}' +
  'button{font:inherit;font-weight:600;min-height:44px;padding:10px 24px;border-radius:8px;border:1px solid currentColor;background:transparent;color:inherit;cursor:pointer}' +
  'button:focus-visible,h1:focus-visible{outline:3px solid #2563eb;outline-offset:2px}';

/** The page and its policy; without the widget's built script, the page alone (the shop then hears nothing). */
export async function refusedHerePage(widgetDist: string, lang: Language, refusal: Refusal): Promise<{ html: string; csp: string }> {
  const script = await readFile(join(widgetDist, 'refused-here.js'), 'utf8').catch(() => null);
  const texts = catalogs[lang];
  const { code } = refusal;
  // A page with no origin is named `null`, to which no message can be addressed: its script answers
  // whatever page framed it ('*'), which only learns why, and the policy lets a file's page frame it.
  const { parent, ancestors, detail } = code === 'domain_not_allowed'
    ? {
      parent: refusal.parentOrigin,
      ancestors: refusal.parentOrigin,
      detail: `This merchant's domain validation does not allow ${refusal.parentOrigin}: add its domain to the merchant's allowedDomains, or open the checkout from a page on one of them.`,
    }
    : {
      parent: '*',
      ancestors: '* file:',
      detail: 'This page has no origin of its own (it was opened from a file, file://, or in a sandboxed frame), so the checkout cannot tell which page it talks to: serve the page over http(s); http://localhost is fine.',
    };
  const html = `<!doctype html><html lang="${lang}" data-parent="${escapeHtml(parent)}" data-code="${code}" data-detail="${escapeHtml(detail)}">` +
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Pasarela</title>' +
    `<style>${STYLE}</style>${script === null ? '' : `<script type="module">${script}</script>`}</head>` +
    `<body><main><h1 tabindex="-1">${escapeHtml(texts[code] ?? '')}</h1><button type="button">${escapeHtml(texts.close ?? '')}</button></main></body></html>`;
  const scripts = script === null ? "'none'" : cspHashOf(script);
  const csp = `default-src 'none'; script-src ${scripts}; style-src ${cspHashOf(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`;
  return { html, csp };
}
