import type { CardBrand } from '@pasarela/core';
import type { Appearance } from './appearance';

/** What the page hands its script (a JSON element of the page; the page is served with it). */
export interface FieldsConfig {
  /** The checkout's exact origin: the only window messages are taken from and sent to. */
  parentOrigin: string;
  messages: Record<string, string>;
  cvcHint: Record<3 | 4, string>;
  /** "Visa card", per brand, said when the number shows it. */
  brandNames: Record<CardBrand, string>;
  /** The merchant's brands; none: any the vault takes. */
  brands: CardBrand[];
  appearance: Appearance;
}

/**
 * The hosted fields' script, served in the page from this function's own text: so it is
 * self-contained, reading nothing outside itself. The parent (the checkout, from its exact origin)
 * sends `pasarela-vault:` `tokenize` ({ holder?, focus?, validate?, quiet? }), `check` (the payer left the fields: say what is
 * wrong in those typed into), `focus` ({ field }; none: the first field, unless one has the focus) / `clear` ({ field }), `decline` ({ field, text }: the bank's
 * reason tied to its field), `busy` ({ busy }), `style` ({ appearance }) and `hello` (say `ready` again). The page answers
 * `token` (the card's token, brand, BIN, last four, expiry), `invalid` (the fields in error, each
 * shown under its field unless asked quietly) or `failed`; and tells `ready`, `change` ({ field, brand, complete }), `height`
 * ({ height }), `focused` ({ field, top, bottom }: a field focused other than by a press, its label's
 * top to its lines' bottom in the page), `submit` (Enter) and `escape`.
 */
export function runCardFields(win: Window): void {
  const doc = win.document;
  const configText = doc.getElementById('vault-fields-config')?.textContent;
  if (!configText) return;
  const config = JSON.parse(configText) as FieldsConfig;
  // Framed by anything but the checkout it names (as far as the browser tells: Chromium and WebKit do),
  // the fields take nothing: a card typed there could only go to the vault and its token to the checkout.
  // Firefox tells "null" for a parent whose frame sends no referrer (the checkout's frame has
  // referrerpolicy no-referrer): that is not telling, and the exact origins of every message still hold.
  const ancestors = win.location.ancestorOrigins;
  const parentTold = ancestors && ancestors.length > 0 && ancestors[0] !== 'null' ? ancestors[0] : undefined;
  if (win.parent === win || (parentTold !== undefined && parentTold !== config.parentOrigin)) {
    for (const box of Array.from(doc.querySelectorAll('input'))) box.disabled = true;
    return;
  }
  type Field = 'number' | 'expiry' | 'cvc';
  type Problem = { field: Field; code: string };
  const FIELDS: Field[] = ['number', 'expiry', 'cvc'];
  const ids: Record<Field, string> = { number: 'cardnumber', expiry: 'expirationDate', cvc: 'cvc' };
  const input = (field: Field) => doc.getElementById(ids[field]) as HTMLInputElement;
  const errorOf = (field: Field) => doc.getElementById(`field-${ids[field]}-error`) as HTMLElement;
  const post = (message: Record<string, unknown>) => win.parent.postMessage(message, config.parentOrigin);
  const digits = (value: string) => value.replace(/\D/g, '');

  // The look: only values matching these patterns reach a style (the query was checked the same way).
  const paint = (look: Record<string, unknown>) => {
    const style = doc.documentElement.style;
    for (const [name, value] of Object.entries(look)) {
      if (typeof value === 'number' && name === 'radius' && value >= 0 && value <= 24) style.setProperty('--radius', `${Math.round(value)}px`);
      else if (typeof value !== 'string') continue;
      else if (name === 'font' && /^[A-Za-z0-9 ,-]{1,80}$/.test(value)) style.setProperty('--font', value);
      else if (name === 'scheme' && (value === 'light' || value === 'dark')) style.colorScheme = value;
      else if (/^(accent|text|muted|background|wash|border|focus|danger)$/.test(name) && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) style.setProperty(`--${name}`, value);
    }
  };
  paint(config.appearance as unknown as Record<string, unknown>);
  // The checkout's look when it drew the frame, in the address's fragment: never sent to the vault, so
  // one page in the browser's cache serves every look (a reopen's frame is the first one's again).
  const drawnWith: Record<string, unknown> = Object.fromEntries(new URLSearchParams(win.location.hash.slice(1)));
  if (typeof drawnWith['radius'] === 'string' && /^\d{1,2}$/.test(drawnWith['radius'])) drawnWith['radius'] = Number(drawnWith['radius']);
  paint(drawnWith);

  const brandOf = (d: string): CardBrand | null => {
    if (d.startsWith('4')) return 'VISA';
    if (/^3[47]/.test(d)) return 'AMEX';
    const two = Number(d.slice(0, 2));
    const four = Number(d.slice(0, 4));
    return (two >= 51 && two <= 55) || (d.length >= 4 && four >= 2221 && four <= 2720) ? 'MC' : null;
  };
  const luhn = (d: string) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) {
      let n = d.charCodeAt(d.length - 1 - i) - 48;
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    return sum % 10 === 0;
  };
  const expiryParts = () => /^(\d{2})\/(\d{2})$/.exec(input('expiry').value);
  /** What is wrong with a field as it stands, the checkout's own rules (the vault checks again). */
  const problemOf = (field: Field): string | null => {
    const value = input(field).value;
    if (value.trim() === '') return 'field_required';
    const number = digits(input('number').value);
    const brand = brandOf(number);
    if (field === 'number') {
      if (number.length < 12 || !luhn(number)) return 'invalid_card';
      return brand && config.brands.length > 0 && !config.brands.includes(brand) ? 'card_not_valid' : null;
    }
    if (field === 'cvc') return digits(value).length === (brand === 'AMEX' ? 4 : 3) ? null : 'invalid_cvc';
    const parts = expiryParts();
    const month = Number(parts?.[1]);
    const today = new Date();
    const year = 2000 + Number(parts?.[2]);
    return parts && month >= 1 && month <= 12 && (year > today.getFullYear() || (year === today.getFullYear() && month >= today.getMonth() + 1)) ? null : 'expired';
  };

  // Text only, never markup: a message is set as the error's text. `live`: announced as it appears (a
  // field just left); a Pay's errors are not, the focus on the first invalid field reads its own.
  const show = (field: Field, text: string | null, quiet = false, live = true) => {
    input(field).setAttribute('aria-invalid', text ? 'true' : 'false');
    const box = errorOf(field);
    // A decline's reason is announced by the checkout's alert already: here it only describes the field (quiet).
    box.setAttribute('aria-live', quiet || !live ? 'off' : 'polite');
    box.className = quiet ? 'field__error visually-hidden' : 'field__error';
    if (box.textContent !== (text ?? '')) box.textContent = text ?? '';
  };
  const showCode = (field: Field, code: string | null, live = true) => show(field, code ? (config.messages[code] ?? config.messages['invalid_card'] ?? code) : null, false, live);

  // Fields the payer typed into: only these are checked when left ("required" waits for Pay).
  const typed = new Set<Field>();
  // A decline's reason waiting for the payer to leave its field (pasarela-vault:decline); typing there drops it.
  const declined = new Map<Field, string | null>();
  const changed = (field: Field) => {
    typed.add(field);
    declined.delete(field);
    showCode(field, null);
    // `complete`: every field passes the checks as it stands, so the checkout may ask for the token
    // before Pay (quietly: nothing is shown if the vault refuses it then).
    post({ type: 'pasarela-vault:change', field, brand: brandOf(digits(input('number').value)), complete: FIELDS.every((f) => problemOf(f) === null) });
  };
  const check = (field: Field) => {
    if (typed.has(field)) showCode(field, problemOf(field));
  };

  const number = input('number');
  let shownBrand: CardBrand | null = null;
  // Reformatting moves the caret to the end; an edit in the middle puts it back after the same digit.
  const reformat = (box: HTMLInputElement, value: string) => {
    const at = box.selectionStart ?? box.value.length;
    const before = digits(box.value.slice(0, at)).length;
    const middle = at < box.value.length;
    box.value = value;
    if (!middle || doc.activeElement !== box) return;
    let seen = 0;
    let caret = before === 0 ? 0 : value.length;
    for (let i = 0; i < value.length && before > 0; i++) {
      if (/\d/.test(value[i]!) && ++seen === before) {
        caret = i + 1;
        break;
      }
    }
    box.setSelectionRange(caret, caret);
  };
  number.addEventListener('input', () => {
    const d = digits(number.value).slice(0, 19);
    const brand = brandOf(d);
    // Amex is grouped 4-6-5, every other brand by fours, as the checkout's form was.
    reformat(number, (brand === 'AMEX' ? [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15), d.slice(15)] : d.match(/.{1,4}/g) ?? []).filter((g) => g !== '').join(' '));
    const cvcDigits = brand === 'AMEX' ? 4 : 3;
    input('cvc').maxLength = cvcDigits;
    if (input('cvc').value.length > cvcDigits) input('cvc').value = input('cvc').value.slice(0, cvcDigits);
    const hint = doc.getElementById('field-cvc-hint');
    if (hint && hint.textContent !== config.cvcHint[cvcDigits]) hint.textContent = config.cvcHint[cvcDigits];
    if (brand !== shownBrand) {
      shownBrand = brand;
      const aside = doc.getElementById('card-brand');
      if (aside) aside.textContent = brand ? config.brandNames[brand] : '';
    }
    changed('number');
  });
  const expiry = input('expiry');
  let previousExpiry = '';
  expiry.addEventListener('input', () => {
    const value = expiry.value;
    // A browser's saved card may fill a four-digit year (12/2034): its last two digits.
    const long = /^\s*(\d{1,2})\s*[/-]\s*\d{2}(\d{2})\s*$/.exec(value);
    let d = digits(value).slice(0, 4);
    if (d.length === 1 && /[2-9]/.test(d)) d = `0${d}`;
    // A slash is only added when typing forward, so deleting back over it works.
    const formatted = long ? `${long[1]!.padStart(2, '0')}/${long[2]}` : d.length < 2 ? d : d.length === 2 ? (value.length < previousExpiry.length ? d : `${d}/`) : `${d.slice(0, 2)}/${d.slice(2)}`;
    reformat(expiry, formatted);
    previousExpiry = formatted;
    changed('expiry');
  });
  input('cvc').addEventListener('input', () => {
    input('cvc').value = digits(input('cvc').value).slice(0, input('cvc').maxLength);
    changed('cvc');
  });
  // A field focused by the keyboard or by the checkout (not by a press on it, already in sight): where
  // it sits in the page, its label to its hint and error lines, so the checkout brings it clear of its
  // sticky header and Pay, which the browser's own scroll into view leaves it under.
  let pressed = false;
  doc.addEventListener('pointerdown', () => (pressed = true), true);
  doc.addEventListener('keydown', () => (pressed = false), true);
  win.addEventListener('blur', () => (pressed = false));
  // Moving between the fields checks the one left; leaving the frame waits for the checkout's word (`check`):
  // a payer choosing another method has not attempted this one.
  for (const field of FIELDS) {
    input(field).addEventListener('focus', () => {
      const box = (input(field).closest('.field') ?? input(field)).getBoundingClientRect();
      if (!pressed) post({ type: 'pasarela-vault:focused', field, top: box.top, bottom: box.bottom });
      pressed = false;
    });
    input(field).addEventListener('blur', (event) => {
      if ((event as FocusEvent).relatedTarget) check(field);
    });
    input(field).addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        post({ type: 'pasarela-vault:submit' });
      } else if (event.key === 'Escape') post({ type: 'pasarela-vault:escape' });
    });
  }

  const invalid = (errors: Problem[], focus: boolean, quiet = false) => {
    if (!quiet) for (const field of FIELDS) showCode(field, errors.find((e) => e.field === field)?.code ?? null, false);
    const first = FIELDS.find((field) => errors.some((e) => e.field === field));
    if (first && focus) input(first).focus();
    post({ type: 'pasarela-vault:invalid', fields: errors.map((e) => ({ field: e.field, code: e.code })) });
  };

  let busy = false;
  /**
   * `validate`: the checks of a Pay (every field, "required" included) and their answer, with no card sent.
   * `quiet`: asked before Pay, the fields show nothing of the answer (Pay asks again if it was no token).
   */
  async function tokenize(holder: string | undefined, focus: boolean, validate: boolean, quiet: boolean): Promise<void> {
    if (busy) return;
    const problems = FIELDS.map((field) => ({ field, code: problemOf(field) })).filter((p): p is Problem => p.code !== null);
    if (problems.length > 0 || validate) return invalid(problems, focus && !quiet, quiet);
    const parts = expiryParts()!;
    busy = true;
    try {
      // Sent once more, at once, when nothing was done for it: refused by a stopping vault (503
      // Vault-Not-Started) or cut before any answer (a tokenizing moves no money). Nothing else is.
      let resent = 0;
      const send = (): Promise<Response> => win.fetch('/v1/cards', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: digits(number.value), expMonth: parts[1], expYear: parts[2], cvc: input('cvc').value, ...(holder ? { holder } : {}) }),
      }).then((a) => (a.status === 503 && a.headers.get('vault-not-started') === '1' && !resent++ ? send() : a), (error) => {
        if (resent++) throw error;
        return send();
      });
      const answer = await send();
      const body = (await answer.json()) as Record<string, unknown>;
      if (answer.ok) {
        if (!quiet) for (const field of FIELDS) show(field, null);
        post({ type: 'pasarela-vault:token', card: body });
      } else if (answer.status === 400 && Array.isArray(body['errors'])) {
        invalid((body['errors'] as Problem[]).filter((e) => e.field in ids), focus && !quiet, quiet);
      } else {
        post({ type: 'pasarela-vault:failed', status: answer.status, message: config.messages['connection_error'] });
      }
    } catch {
      post({ type: 'pasarela-vault:failed', status: 0, message: config.messages['connection_error'] });
    } finally {
      busy = false;
    }
  }

  const fieldOf = (value: unknown): Field | null => (value === 'number' || value === 'expiry' || value === 'cvc' ? value : null);
  win.addEventListener('message', (event: MessageEvent) => {
    // Only the checkout that framed the page, from its exact origin.
    if (event.origin !== config.parentOrigin || event.source !== win.parent) return;
    const data = event.data as Record<string, unknown> | null;
    const field = fieldOf(data?.['field']);
    switch (data?.['type']) {
      case 'pasarela-vault:tokenize':
        return void tokenize(typeof data['holder'] === 'string' ? data['holder'] : undefined, data['focus'] !== false, data['validate'] === true, data['quiet'] === true);
      case 'pasarela-vault:check':
        return FIELDS.forEach(check);
      case 'pasarela-vault:focus':
        return field ? input(field).focus() : focusFirst();
      case 'pasarela-vault:clear':
        if (!field) return;
        input(field).value = '';
        typed.delete(field);
        return showCode(field, null);
      case 'pasarela-vault:decline': {
        if (!field) return;
        // The checkout's alert says the decline and its reason as it comes, and the checkout focuses this
        // field: marked invalid now, it is described by the reason once the payer has left it (back at
        // it, the reason is read there), so the focus the decline gives it does not say it again.
        const text = typeof data['text'] === 'string' ? data['text'] : null;
        show(field, null, true);
        input(field).setAttribute('aria-invalid', String(text !== null));
        declined.set(field, text);
        input(field).addEventListener('blur', () => {
          if (declined.get(field) === text) show(field, text, true);
          declined.delete(field);
        }, { once: true });
        return;
      }
      case 'pasarela-vault:busy':
        // Busy, a field stays focusable and keeps its value: `disabled` would drop the focus.
        return FIELDS.forEach((f) => {
          input(f).readOnly = data['busy'] === true;
          input(f).setAttribute('aria-disabled', String(data['busy'] === true));
        });
      // A checkout drawn on the server listens only once its code runs: it asks, and hears its height
      // (told before it listened, and lost) and ready again.
      case 'pasarela-vault:hello':
        post({ type: 'pasarela-vault:height', height });
        return post({ type: 'pasarela-vault:ready' });
      case 'pasarela-vault:style':
        if (typeof data['appearance'] === 'object' && data['appearance'] !== null) paint(data['appearance'] as Record<string, unknown>);
        return;
    }
  });
  doc.getElementById('card-fields')?.addEventListener('submit', (event) => event.preventDefault());
  // The checkout focusing the frame means its first field (Tab from the fields before it lands on one itself).
  const focusFirst = () => {
    if (doc.activeElement === null || doc.activeElement === doc.body) number.focus();
  };
  win.addEventListener('focus', focusFirst);
  if (doc.hasFocus()) focusFirst();
  let height = 0;
  const measure = () => {
    const now = Math.ceil(doc.documentElement.getBoundingClientRect().height);
    if (now !== height) post({ type: 'pasarela-vault:height', height: (height = now) });
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(measure).observe(doc.documentElement);
  measure();
  post({ type: 'pasarela-vault:ready' });
}
