import { createHash } from 'node:crypto';
import { catalogs, type CardBrand } from '@pasarela/core';
import type { Appearance } from './appearance';
import { runCardFields, type FieldsConfig } from './fieldsScript';

type Lang = 'es' | 'en';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a script element: nothing in it can close the element. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const MESSAGE_KEYS = ['field_required', 'invalid_card', 'card_not_valid', 'expired', 'invalid_cvc', 'connection_error'] as const;

/**
 * The script as the payer's browser gets it: the function's own text without its comment lines (the
 * vault runs from its TypeScript source, whose comments Node keeps), so they cost the page nothing.
 */
export const FIELDS_SCRIPT = `(${runCardFields.toString().replace(/^[ \t]*(?:\/\/.*|\/\*(?:(?!\*\/)[^])*\*\/)\r?\n/gm, '')})(window);\n`;

// The page paints its own ground, the checkout's paper: its text's contrast holds whatever is drawn
// under the frame, and a checker inside the frame measures it against the colour the payer sees.
// Expiry and CVC stand side by side while each has room for its label and its MM/AA; a phone at
// 200 % zoom stacks them.
export const FIELDS_CSS = `:root{--accent:#0a5cc2;--text:#14213d;--muted:#4a5568;--background:#fff;--wash:#f3f6fa;--border:#767f91;--focus:#14213d;--danger:#b42318;--radius:8px;--font:system-ui,sans-serif}
*{box-sizing:border-box}html{font-size:16px}body{margin:0;padding:3px;font-family:var(--font);color:var(--text);background:var(--background);line-height:1.4}
form{display:flex;flex-direction:column}.field-row{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,7.5rem),1fr));gap:12px}.field{display:flex;flex-direction:column;min-width:0}
.field__label-row{display:flex;justify-content:space-between;align-items:baseline;gap:8px}.field__label{font-weight:600;font-size:.9375rem;padding:4px 0}
.field__aside{font-size:.8125rem;color:var(--accent)}
.field__input{width:100%;min-height:48px;padding:10px 12px;font:inherit;font-size:16px;color:var(--text);background:var(--background);border:1px solid var(--border);border-radius:var(--radius);appearance:none}
.field__input:focus-visible{border-color:var(--accent);outline:3px solid var(--focus);outline-offset:0}.field__input::placeholder{color:var(--muted)}
.field__input[aria-disabled=true]{background:var(--wash);color:var(--muted)}.field__input[aria-invalid=true]{border-color:var(--danger);border-width:2px}
.field__hint{margin:4px 0 0;font-size:.8125rem;color:var(--muted)}.field__error{margin:2px 0 0;min-height:1.25em;font-size:.875rem;color:var(--danger)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;

/**
 * The page's policy: its own inline script and style only (by hash), fetches to itself. Any page may
 * frame it, as the checkout sits in any shop's page (frame-ancestors names every ancestor, the shop
 * too); its script works only directly under the checkout's exact origin and speaks to it alone.
 */
export function fieldsPolicy(): string {
  return `default-src 'none'; script-src ${cspHash(FIELDS_SCRIPT)}; style-src ${cspHash(FIELDS_CSS)}; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'`;
}

/**
 * The vault's own page, framed by the checkout: the card's three fields with the checkout's names,
 * `autocomplete` values, messages and look. Script and style are in the page (one request: the
 * fields take typing one round trip after the frame is asked for).
 */
export function fieldsPage(lang: Lang, parentOrigin: string, appearance: Appearance, brands: readonly CardBrand[]): string {
  const t = (key: string) => catalogs[lang][key] ?? key;
  const config: FieldsConfig = {
    parentOrigin,
    messages: Object.fromEntries(MESSAGE_KEYS.map((key) => [key, t(key)])),
    cvcHint: { 3: t('cvc_hint').replace('{{digits}}', '3'), 4: t('cvc_hint_front').replace('{{digits}}', '4') },
    brandNames: { VISA: t('card_brand_detected').replace('{{brand}}', t('brand_VISA')), MC: t('card_brand_detected').replace('{{brand}}', t('brand_MC')), AMEX: t('card_brand_detected').replace('{{brand}}', t('brand_AMEX')) },
    brands: [...brands],
    appearance,
  };
  const field = (id: string, label: string, attributes: string, extra: { hint?: string; aside?: string } = {}) =>
    `<div class="field"><div class="field__label-row"><label class="field__label" for="${id}">${escapeHtml(label)}</label>${extra.aside ?? ''}</div>` +
    `<input class="field__input" id="${id}" name="${id}" ${attributes} aria-invalid="false" aria-describedby="${extra.hint ? `field-${id}-hint ` : ''}field-${id}-error">` +
    (extra.hint ? `<p class="field__hint" id="field-${id}-hint">${escapeHtml(extra.hint)}</p>` : '') +
    `<p class="field__error" id="field-${id}-error" aria-live="polite"></p></div>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('card_form_title'))}</title>
<style>${FIELDS_CSS}</style>
</head>
<body>
<form id="card-fields" novalidate>
${field('cardnumber', t('label_cardnumber'), `type="text" autocomplete="cc-number" inputmode="numeric" placeholder="${escapeHtml(t('placeholder_cardnumber'))}" maxlength="23" spellcheck="false"`, { aside: '<span class="field__aside" id="card-brand" aria-live="polite"></span>' })}
<div class="field-row">
${field('expirationDate', t('label_expiry'), `type="text" autocomplete="cc-exp" inputmode="numeric" placeholder="${escapeHtml(t('placeholder_expiry'))}" maxlength="5"`)}
${field('cvc', t('label_cvc'), 'type="text" autocomplete="cc-csc" inputmode="numeric" maxlength="4"', { hint: config.cvcHint[3] })}
</div>
</form>
<script type="application/json" id="vault-fields-config">${jsonInHtml(config)}</script>
<script>${FIELDS_SCRIPT}</script>
</body>
</html>`;
}
