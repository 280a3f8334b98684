import { catalogs } from '@pasarela/core';
import type { Appearance } from './appearance';
import type { FieldsConfig } from './fieldsScript';

type Lang = 'es' | 'en';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** JSON inside a script element: nothing in it can close the element. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const MESSAGE_KEYS = ['field_required', 'invalid_card', 'card_not_valid', 'expired', 'invalid_cvc', 'connection_error'] as const;

/** The vault's own page, framed by the checkout: the card's three fields with the checkout's names, `autocomplete` values and messages. */
export function fieldsPage(lang: Lang, parentOrigin: string, appearance: Appearance): string {
  const t = (key: string) => catalogs[lang][key] ?? key;
  const config: FieldsConfig = {
    parentOrigin,
    messages: Object.fromEntries(MESSAGE_KEYS.map((key) => [key, t(key)])),
    cvcHint: { 3: t('cvc_hint').replace('{{digits}}', '3'), 4: t('cvc_hint').replace('{{digits}}', '4') },
    appearance,
  };
  const field = (id: string, label: string, attributes: string, hint?: string) =>
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label>` +
    `<input id="${id}" name="${id}" ${attributes} aria-describedby="${hint ? `field-${id}-hint ` : ''}field-${id}-error">` +
    (hint ? `<p class="field__hint" id="field-${id}-hint">${escapeHtml(hint)}</p>` : '') +
    `<p class="field__error" id="field-${id}-error"></p></div>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('card_form_title'))}</title>
<link rel="stylesheet" href="/fields.css">
<script type="application/json" id="vault-fields-config">${jsonInHtml(config)}</script>
<script src="/fields.js" defer></script>
</head>
<body>
<form id="card-fields" novalidate>
${field('cardnumber', t('label_cardnumber'), `type="text" autocomplete="cc-number" inputmode="numeric" placeholder="${escapeHtml(t('placeholder_cardnumber'))}" maxlength="23" spellcheck="false"`)}
<div class="field-row">
${field('expirationDate', t('label_expiry'), `type="text" autocomplete="cc-exp" inputmode="numeric" placeholder="${escapeHtml(t('placeholder_expiry'))}" maxlength="5"`)}
${field('cvc', t('label_cvc'), 'type="text" autocomplete="cc-csc" inputmode="numeric" maxlength="4"', config.cvcHint[3])}
</div>
</form>
</body>
</html>`;
}

export const FIELDS_CSS = `:root{--accent:#0b5fff;--text:#1a1a1a;--background:#fff;--border:#767676;--radius:8px;--font:system-ui,sans-serif}
*{box-sizing:border-box}body{margin:0;padding:2px;font-family:var(--font);color:var(--text);background:var(--background)}
form{display:flex;flex-direction:column;gap:12px}.field-row{display:flex;gap:12px}.field-row .field{flex:1}
.field{display:flex;flex-direction:column;gap:4px}label{font-weight:600;font-size:.9rem}
input{font:inherit;font-size:1rem;padding:10px 12px;min-height:44px;color:var(--text);background:var(--background);border:1px solid var(--border);border-radius:var(--radius)}
input:focus-visible{outline:3px solid var(--accent);outline-offset:1px}input[aria-invalid=true]{border-color:#b00020;border-width:2px}
.field__hint{margin:0;font-size:.85rem}.field__error{margin:0;font-size:.85rem;color:#b00020}.field__error:empty{display:none}`;
