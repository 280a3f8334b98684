import type { Appearance } from './appearance';

/** What the page hands its script (a JSON element of the page; the page is served with it). */
export interface FieldsConfig {
  /** The checkout's exact origin: the only window messages are taken from and sent to. */
  parentOrigin: string;
  messages: Record<string, string>;
  cvcHint: Record<3 | 4, string>;
  appearance: Appearance;
}

/**
 * The hosted fields' script, served as `/fields.js` from this function's own text: so it is
 * self-contained, reading nothing outside itself. The parent asks with
 * `{ type: 'pasarela-vault:tokenize', holder? }` and is answered `pasarela-vault:token` (the card's
 * token, brand, BIN, last four, expiry), `pasarela-vault:invalid` (the fields in error, each shown
 * under its field) or `pasarela-vault:failed`; `pasarela-vault:ready` once the fields are there.
 */
export function runCardFields(win: Window): void {
  const doc = win.document;
  const configText = doc.getElementById('vault-fields-config')?.textContent;
  if (!configText) return;
  const config = JSON.parse(configText) as FieldsConfig;
  const style = doc.documentElement.style;
  style.setProperty('--accent', config.appearance.accent);
  style.setProperty('--text', config.appearance.text);
  style.setProperty('--background', config.appearance.background);
  style.setProperty('--border', config.appearance.border);
  style.setProperty('--font', config.appearance.font);
  style.setProperty('--radius', `${config.appearance.radius}px`);

  type Field = 'number' | 'expiry' | 'cvc';
  const ids: Record<Field, string> = { number: 'cardnumber', expiry: 'expirationDate', cvc: 'cvc' };
  const input = (field: Field) => doc.getElementById(ids[field]) as HTMLInputElement;
  const errorOf = (field: Field) => doc.getElementById(`field-${ids[field]}-error`) as HTMLElement;
  const post = (message: Record<string, unknown>) => win.parent.postMessage(message, config.parentOrigin);
  const digits = (value: string) => value.replace(/\D/g, '');
  const isAmex = (number: string) => /^3[47]/.test(digits(number));

  // Text only, never markup: a message is set as the error's text.
  const show = (field: Field, key: string | null) => {
    const box = input(field);
    if (key) box.setAttribute('aria-invalid', 'true');
    else box.removeAttribute('aria-invalid');
    errorOf(field).textContent = key ? (config.messages[key] ?? config.messages['invalid_card'] ?? key) : '';
  };

  const number = input('number');
  number.addEventListener('input', () => {
    const d = digits(number.value).slice(0, 19);
    // Amex is grouped 4-6-5, every other brand by fours, as the checkout's form does.
    number.value = (isAmex(d) ? [d.slice(0, 4), d.slice(4, 10), d.slice(10)] : d.match(/.{1,4}/g) ?? []).filter((g) => g !== '').join(' ');
    const cvcDigits = isAmex(d) ? 4 : 3;
    input('cvc').maxLength = cvcDigits;
    const hint = doc.getElementById('field-cvc-hint');
    if (hint) hint.textContent = config.cvcHint[cvcDigits];
    show('number', null);
  });
  const expiry = input('expiry');
  expiry.addEventListener('input', (event) => {
    const d = digits(expiry.value).slice(0, 4);
    const deleting = (event as InputEvent).inputType?.startsWith('delete');
    expiry.value = d.length > 2 || (d.length === 2 && !deleting) ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
    show('expiry', null);
  });
  input('cvc').addEventListener('input', () => {
    input('cvc').value = digits(input('cvc').value);
    show('cvc', null);
  });

  const invalid = (errors: Array<{ field: Field; code: string }>) => {
    for (const field of ['number', 'expiry', 'cvc'] as const) show(field, errors.find((e) => e.field === field)?.code ?? null);
    const first = (['number', 'expiry', 'cvc'] as const).find((field) => errors.some((e) => e.field === field));
    if (first) input(first).focus();
    post({ type: 'pasarela-vault:invalid', fields: errors.map((e) => ({ field: e.field, code: e.code })) });
  };

  let busy = false;
  async function tokenize(holder: string | undefined): Promise<void> {
    if (busy) return;
    // "Required" only once the payer asks to pay, never before.
    const empty = (['number', 'expiry', 'cvc'] as const).filter((field) => input(field).value.trim() === '').map((field) => ({ field, code: 'field_required' }));
    const parsed = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry.value.replace(/\s/g, ''));
    if (!parsed && expiry.value.trim() !== '') empty.push({ field: 'expiry', code: 'expired' });
    if (empty.length > 0 || !parsed) return invalid(empty);
    busy = true;
    try {
      const answer = await win.fetch('/v1/cards', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: digits(number.value), expMonth: parsed[1], expYear: parsed[2], cvc: input('cvc').value, ...(holder ? { holder } : {}) }),
      });
      const body = (await answer.json()) as Record<string, unknown>;
      if (answer.ok) {
        for (const field of ['number', 'expiry', 'cvc'] as const) show(field, null);
        post({ type: 'pasarela-vault:token', card: body });
      } else if (answer.status === 400 && Array.isArray(body['errors'])) {
        invalid((body['errors'] as Array<{ field: Field; code: string }>).filter((e) => e.field in ids));
      } else {
        post({ type: 'pasarela-vault:failed', status: answer.status, message: config.messages['connection_error'] });
      }
    } catch {
      post({ type: 'pasarela-vault:failed', status: 0, message: config.messages['connection_error'] });
    } finally {
      busy = false;
    }
  }

  win.addEventListener('message', (event: MessageEvent) => {
    // Only the checkout that framed the page, from its exact origin.
    if (event.origin !== config.parentOrigin || event.source !== win.parent) return;
    const data = event.data as { type?: unknown; holder?: unknown } | null;
    if (!data || data.type !== 'pasarela-vault:tokenize') return;
    void tokenize(typeof data.holder === 'string' ? data.holder : undefined);
  });
  doc.getElementById('card-fields')?.addEventListener('submit', (event) => event.preventDefault());
  post({ type: 'pasarela-vault:ready' });
}
