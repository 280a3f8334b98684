import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { runCardFields } from './fieldsScript';
import { CHECKOUT_ORIGIN, nextYear, testVault, type TestVault } from '../testing/testVault';

let vault: TestVault;
beforeAll(async () => {
  vault = await testVault();
});
afterAll(async () => {
  await vault.close();
});

const fieldsUrl = (query: string) => `${vault.url}/fields?parent=${encodeURIComponent(CHECKOUT_ORIGIN)}&${query}`;

interface Posted {
  message: Record<string, unknown>;
  targetOrigin: string;
}

/** How the page's calls reach the vault: straight, or through a fault a test puts in their way. */
type Reach = (send: () => Promise<Response>, path: string) => Promise<Response>;

/** The page as the vault serves it, in a happy-dom window framed by a stand-in checkout. */
async function framedFields(query = 'lang=es', framedBy = CHECKOUT_ORIGIN, fragment = '', { reach = (send) => send(), served = false }: { reach?: Reach; served?: boolean } = {}) {
  const html = await (await fetch(fieldsUrl(query))).text();
  const window = new Window({ url: fieldsUrl(query) + fragment, settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true } });
  window.document.write(html);
  const posted: Posted[] = [];
  const parent = { postMessage: (message: Record<string, unknown>, targetOrigin: string) => void posted.push({ message, targetOrigin }) };
  Object.defineProperty(window, 'parent', { value: parent });
  // Who framed the page, as Chromium tells it.
  Object.defineProperty(window.location, 'ancestorOrigins', { value: [framedBy] });
  // The page's fetch goes to the vault it came from, as the payer's browser does.
  Object.defineProperty(window, 'fetch', { value: (path: string, init: RequestInit) => reach(() => fetch(new URL(path, vault.url), init), path) });
  const dom = window as unknown as globalThis.Window;
  // Its events made by the window's own constructors, as its page's would be.
  const events = window as unknown as typeof globalThis;
  // served: the script's text as the vault sends it to the browser (its comment lines left out), run in the page.
  if (served) new Function('window', await (await fetch(`${vault.url}/fields.js`)).text())(dom);
  else runCardFields(dom);
  const doc = dom.document;
  const input = (id: string) => doc.getElementById(id) as HTMLInputElement;
  const type = (id: string, value: string) => {
    input(id).value = value;
    input(id).dispatchEvent(new events.Event('input', { bubbles: true }));
  };
  const send = (data: Record<string, unknown>, origin = CHECKOUT_ORIGIN, source: unknown = parent) =>
    dom.dispatchEvent(new events.MessageEvent('message', { data, origin, source: source as MessageEventSource }));
  const ask = (origin = CHECKOUT_ORIGIN, source: unknown = parent) => send({ type: 'pasarela-vault:tokenize' }, origin, source);
  const ANSWERS = ['pasarela-vault:token', 'pasarela-vault:invalid', 'pasarela-vault:failed'];
  const answers = () => posted.filter((p) => ANSWERS.includes(p.message['type'] as string));
  /** The count-th answer to a tokenize (the vault's answer over HTTP, waited for up to 10 s on a loaded machine). */
  const answered = async (count: number) => {
    for (const deadline = Date.now() + 10_000; answers().length < count && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
    return answers()[count - 1];
  };
  // To another of the frame's fields, or (no next) out of the frame.
  const leave = (id: string, next?: string) => input(id).dispatchEvent(new events.FocusEvent('blur', { relatedTarget: next ? (input(next) as unknown as EventTarget) : null }));
  const messages = (type: string) => posted.filter((p) => p.message['type'] === type).map((p) => p.message);
  return { doc, input, type, leave, ask, send, posted, messages, answered, close: () => window.happyDOM.close() };
}

const describedErrorOf = (doc: Document, input: HTMLInputElement) => {
  const ids = input.getAttribute('aria-describedby')!.split(' ');
  return ids.map((id) => doc.getElementById(id)!).find((el) => el.classList.contains('field__error'))!;
};

describe('the hosted card fields', () => {
  it.each(['es', 'en'] as const)('name the fields as the checkout does, with its autocomplete values (%s)', async (lang) => {
    const page = await framedFields(`lang=${lang}`);
    const t = catalogs[lang];
    const expected = { cardnumber: ['cc-number', t['label_cardnumber']], expirationDate: ['cc-exp', t['label_expiry']], cvc: ['cc-csc', t['label_cvc']] };
    for (const [id, [autocomplete, label]] of Object.entries(expected)) {
      expect(page.input(id).getAttribute('autocomplete')).toBe(autocomplete);
      expect(page.input(id).getAttribute('inputmode')).toBe('numeric');
      expect(page.doc.querySelector(`label[for="${id}"]`)?.textContent).toBe(label);
    }
    expect(page.doc.documentElement.lang).toBe(lang);
    expect(page.posted.find((p) => p.message['type'] === 'pasarela-vault:ready')).toEqual({ message: { type: 'pasarela-vault:ready' }, targetOrigin: CHECKOUT_ORIGIN });
    expect(page.posted.every((p) => p.targetOrigin === CHECKOUT_ORIGIN)).toBe(true);
    await page.close();
  });

  it('says its height and ready again when the checkout asks (a checkout drawn on the server listens only once its code runs)', async () => {
    const page = await framedFields();
    const readies = () => page.messages('pasarela-vault:ready').length;
    const heights = () => page.messages('pasarela-vault:height');
    const before = readies();
    const told = heights().length;
    page.send({ type: 'pasarela-vault:hello' }, 'http://evil.example');
    expect([readies(), heights().length]).toEqual([before, told]);
    page.send({ type: 'pasarela-vault:hello' });
    expect(readies()).toBe(before + 1);
    // The height it told before, which a checkout not yet listening lost, told again.
    expect(heights().length).toBe(told + 1);
    expect(heights().at(-1)).toEqual({ type: 'pasarela-vault:height', height: expect.any(Number) });
    await page.close();
  });

  it('says nothing is required before an attempt, then ties each error to its field', async () => {
    const page = await framedFields();
    page.leave('cardnumber', 'expirationDate');
    page.leave('expirationDate', 'cvc');
    page.leave('cvc');
    page.send({ type: 'pasarela-vault:check' });
    for (const id of ['cardnumber', 'expirationDate', 'cvc']) {
      expect(page.input(id).getAttribute('aria-invalid')).toBe('false');
      expect(describedErrorOf(page.doc, page.input(id)).textContent).toBe('');
    }
    page.ask();
    expect(await page.answered(1)).toEqual({ message: { type: 'pasarela-vault:invalid', fields: ['number', 'expiry', 'cvc'].map((field) => ({ field, code: 'field_required' })) }, targetOrigin: CHECKOUT_ORIGIN });
    for (const id of ['cardnumber', 'expirationDate', 'cvc']) {
      expect(page.input(id).getAttribute('aria-invalid')).toBe('true');
      expect(describedErrorOf(page.doc, page.input(id)).textContent).toBe(catalogs.es['field_required']);
      // A Pay's errors are not read out one by one: the focus on the first reads its own.
      expect(describedErrorOf(page.doc, page.input(id)).getAttribute('aria-live')).toBe('off');
    }
    // Typing in a field clears its error, and a check on leaving it is announced again.
    page.type('cvc', '1');
    expect(page.input('cvc').getAttribute('aria-invalid')).toBe('false');
    expect(describedErrorOf(page.doc, page.input('cvc')).getAttribute('aria-live')).toBe('polite');
    await page.close();
  });

  it('checks a field typed into and left incomplete, within the frame at once and out of it when the checkout says so', async () => {
    const page = await framedFields();
    page.type('cardnumber', '4242 4242');
    // Out of the frame (another method chosen, say): nothing yet.
    page.leave('cardnumber');
    expect(page.input('cardnumber').getAttribute('aria-invalid')).toBe('false');
    page.send({ type: 'pasarela-vault:check' });
    expect(page.input('cardnumber').getAttribute('aria-invalid')).toBe('true');
    expect(describedErrorOf(page.doc, page.input('cardnumber')).textContent).toBe(catalogs.es['invalid_card']);
    page.type('expirationDate', '1');
    page.leave('expirationDate', 'cvc');
    expect(describedErrorOf(page.doc, page.input('expirationDate')).textContent).toBe(catalogs.es['expired']);
    // Never typed into: still nothing.
    page.leave('cvc', 'cardnumber');
    expect(page.input('cvc').getAttribute('aria-invalid')).toBe('false');
    await page.close();
  });

  // The brand as the number starts, so the CVC's length and the brand's name show while typing.
  it.each([
    ['4', 'VISA'], ['51', 'MC'], ['55', 'MC'], ['56', null], ['2221', 'MC'], ['2720', 'MC'], ['2721', null], ['2220', null], ['222', null],
    ['34', 'AMEX'], ['37', 'AMEX'], ['35', null], ['6', null],
  ])('tells the brand of a number starting %s: %s', async (start, brand) => {
    const page = await framedFields();
    page.type('cardnumber', start);
    expect(page.messages('pasarela-vault:change').at(-1)).toEqual({ type: 'pasarela-vault:change', field: 'number', brand, complete: false });
    await page.close();
  });

  it('refuses a brand the merchant does not take, and tells the checkout the brand as typed', async () => {
    const page = await framedFields('lang=en&brands=VISA,MC');
    page.type('cardnumber', '378282246310005');
    expect(page.input('cardnumber').value).toBe('3782 822463 10005');
    expect(page.input('cvc').maxLength).toBe(4);
    // Amex prints its four digits on the front: the hint says where to look, as for three on the back.
    expect(page.doc.getElementById('field-cvc-hint')?.textContent).toBe('4 digits on the front of the card, above the number');
    page.type('cardnumber', '4242424242424242');
    expect(page.doc.getElementById('field-cvc-hint')?.textContent).toBe('3 digits on the back of the card');
    page.type('cardnumber', '378282246310005');
    expect(page.doc.getElementById('card-brand')?.textContent).toBe(catalogs.en['card_brand_detected']!.replace('{{brand}}', catalogs.en['brand_AMEX']!));
    expect(page.messages('pasarela-vault:change').at(-1)).toEqual({ type: 'pasarela-vault:change', field: 'number', brand: 'AMEX', complete: false });
    page.leave('cardnumber', 'expirationDate');
    expect(describedErrorOf(page.doc, page.input('cardnumber')).textContent).toBe(catalogs.en['card_not_valid']);
    await page.close();
  });

  it('takes the checkout\'s orders from its exact origin only: focus, clear, busy, a decline\'s reason', async () => {
    const page = await framedFields();
    page.type('cvc', '123');
    page.send({ type: 'pasarela-vault:clear', field: 'cvc' }, 'https://evil.example');
    expect(page.input('cvc').value).toBe('123');
    page.send({ type: 'pasarela-vault:clear', field: 'cvc' });
    expect(page.input('cvc').value).toBe('');
    page.send({ type: 'pasarela-vault:focus', field: 'expiry' });
    expect(page.doc.activeElement).toBe(page.input('expirationDate'));
    // No field named: the first field only when none has the focus (its frame focused before the page was there).
    page.send({ type: 'pasarela-vault:focus' });
    expect(page.doc.activeElement).toBe(page.input('expirationDate'));
    page.input('expirationDate').blur();
    page.send({ type: 'pasarela-vault:focus' });
    expect(page.doc.activeElement).toBe(page.input('cardnumber'));
    page.send({ type: 'pasarela-vault:busy', busy: true });
    expect(page.input('cardnumber').readOnly).toBe(true);
    expect(page.input('cardnumber').getAttribute('aria-disabled')).toBe('true');
    page.send({ type: 'pasarela-vault:decline', field: 'cvc', text: 'CVC incorrecto' });
    expect(page.input('cvc').getAttribute('aria-invalid')).toBe('true');
    // The checkout's alert says the reason, then focuses the field: it does not say it again as it takes the focus.
    page.send({ type: 'pasarela-vault:focus', field: 'cvc' });
    expect(describedErrorOf(page.doc, page.input('cvc')).textContent).toBe('');
    // Left, it is described by the reason, read when the payer comes back to it.
    page.leave('cvc');
    expect(describedErrorOf(page.doc, page.input('cvc')).textContent).toBe('CVC incorrecto');
    // A reason waiting for the field to be left is dropped when the payer types there.
    page.send({ type: 'pasarela-vault:decline', field: 'expiry', text: 'Motivo del banco' });
    page.send({ type: 'pasarela-vault:focus', field: 'expiry' });
    page.type('expirationDate', '1');
    page.leave('expirationDate');
    expect(describedErrorOf(page.doc, page.input('expirationDate')).textContent).not.toBe('Motivo del banco');
    await page.close();
  });

  it('tells the checkout where a field focused by the keyboard or the checkout sits, its label to its lines; a field pressed, nothing', async () => {
    const page = await framedFields();
    const events = page.doc.defaultView as unknown as typeof globalThis;
    // The field's box: its label above the input, its hint and error lines below it.
    const box = page.input('cvc').closest('.field')!;
    Object.defineProperty(box, 'getBoundingClientRect', { value: () => ({ top: 120, bottom: 212 }) });
    // The page had the focus from its start: the card number took it.
    const focused = () => page.posted.filter((p) => p.message['type'] === 'pasarela-vault:focused').slice(1);
    page.send({ type: 'pasarela-vault:focus', field: 'cvc' });
    expect(focused()).toEqual([{ message: { type: 'pasarela-vault:focused', field: 'cvc', top: 120, bottom: 212 }, targetOrigin: CHECKOUT_ORIGIN }]);
    // A press on a field puts it in sight itself: the checkout is told nothing, and the keys after it are told again.
    page.input('cardnumber').dispatchEvent(new events.Event('pointerdown', { bubbles: true }));
    page.input('cardnumber').focus();
    expect(page.doc.activeElement).toBe(page.input('cardnumber'));
    expect(focused()).toHaveLength(1);
    page.input('cardnumber').dispatchEvent(new events.KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    page.input('expirationDate').focus();
    expect(focused().map((p) => p.message['field'])).toEqual(['cvc', 'expiry']);
    await page.close();
  });

  it('shows the vault\'s answer under the field it names', async () => {
    const page = await framedFields('lang=en');
    page.type('cardnumber', '4242424242424241');
    page.type('expirationDate', `12${nextYear().slice(-2)}`);
    page.type('cvc', '123');
    page.ask();
    expect((await page.answered(1))?.message).toEqual({ type: 'pasarela-vault:invalid', fields: [{ field: 'number', code: 'invalid_card' }] });
    expect(page.input('cardnumber').getAttribute('aria-invalid')).toBe('true');
    expect(describedErrorOf(page.doc, page.input('cardnumber')).textContent).toBe(catalogs.en['invalid_card']);
    expect(page.input('expirationDate').getAttribute('aria-invalid')).toBe('false');
    await page.close();
  });

  it('tells the checkout when every field passes its checks, and a quiet request shows nothing of its answer', async () => {
    const page = await framedFields('lang=en');
    page.type('cardnumber', '4242424242424241');
    page.type('expirationDate', `12${nextYear().slice(-2)}`);
    page.type('cvc', '123');
    // A number failing Luhn: not complete.
    expect(page.messages('pasarela-vault:change').at(-1)).toMatchObject({ field: 'cvc', complete: false });
    page.type('cardnumber', '4000000000000069');
    expect(page.messages('pasarela-vault:change').at(-1)).toMatchObject({ field: 'number', brand: 'VISA', complete: true });
    page.type('cvc', '12');
    expect(page.messages('pasarela-vault:change').at(-1)).toMatchObject({ field: 'cvc', complete: false });
    page.type('cvc', '123');
    expect(page.messages('pasarela-vault:change').at(-1)).toMatchObject({ field: 'cvc', complete: true });
    // Asked quietly with the fields emptied meanwhile: the answer goes to the checkout, the fields say nothing.
    page.send({ type: 'pasarela-vault:clear', field: 'cvc' });
    page.send({ type: 'pasarela-vault:tokenize', holder: 'Ana', focus: false, quiet: true });
    expect((await page.answered(1))?.message).toEqual({ type: 'pasarela-vault:invalid', fields: [{ field: 'cvc', code: 'field_required' }] });
    expect(page.input('cvc').getAttribute('aria-invalid')).toBe('false');
    expect(describedErrorOf(page.doc, page.input('cvc')).textContent).toBe('');
    await page.close();
  });

  it('answers the token to the checkout\'s exact origin only, and hears no other window', async () => {
    const page = await framedFields();
    page.type('cardnumber', '4242424242424242');
    expect(page.input('cardnumber').value).toBe('4242 4242 4242 4242');
    page.type('expirationDate', `12${nextYear().slice(-2)}`);
    expect(page.input('expirationDate').value).toBe(`12/${nextYear().slice(-2)}`);
    page.type('cvc', '123');
    page.ask('https://evil.example');
    page.ask(CHECKOUT_ORIGIN, {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(page.posted.filter((p) => p.message['type'] !== 'pasarela-vault:change' && p.message['type'] !== 'pasarela-vault:height' && p.message['type'] !== 'pasarela-vault:ready' && p.message['type'] !== 'pasarela-vault:focused')).toEqual([]);
    page.ask();
    const answer = await page.answered(1);
    expect(answer?.targetOrigin).toBe(CHECKOUT_ORIGIN);
    expect(answer?.message).toEqual({ type: 'pasarela-vault:token', card: { token: expect.stringMatching(/^tok_/), brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: Number(nextYear()) } });
    await page.close();
  });

  describe('a tokenizing nothing was done for', () => {
    /** The answer of a vault node that stopped listening as the call came (packages/vault/src/startVault.ts). */
    const notStarted = () => Promise.resolve(new Response('{"code":"vault_stopping"}', { status: 503, headers: { 'content-type': 'application/json', 'vault-not-started': '1', connection: 'close' } }));
    /** A connection cut before any answer, as the browser's fetch tells it. */
    const cut = () => Promise.reject(new TypeError('Failed to fetch'));
    const typedCard = async (faults: Array<(() => Promise<Response>) | undefined>, served = false) => {
      const calls: string[] = [];
      const reach: Reach = (send, path) => {
        calls.push(path);
        return (faults[calls.length - 1] ?? send)();
      };
      const page = await framedFields('lang=es', CHECKOUT_ORIGIN, '', { reach, served });
      page.type('cardnumber', '4242424242424242');
      page.type('expirationDate', `12${nextYear().slice(-2)}`);
      page.type('cvc', '123');
      page.ask();
      const answer = await page.answered(1);
      // Nothing more comes after the answer.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(page.messages('pasarela-vault:failed').length + page.messages('pasarela-vault:token').length).toBe(1);
      await page.close();
      return { answer: answer?.message, calls };
    };

    it.each([
      ['refused by a stopping vault (503 Vault-Not-Started)', notStarted],
      ['cut before any answer', cut],
    ])('%s is sent once more at once, and the payer sees only the token', async (_name, fault) => {
      const { answer, calls } = await typedCard([fault]);
      expect(answer).toEqual({ type: 'pasarela-vault:token', card: expect.objectContaining({ token: expect.stringMatching(/^tok_/), last4: '4242' }) });
      expect(calls).toEqual(['/v1/cards', '/v1/cards']);
    });

    it('is sent once more by the script as the vault serves it, its comment lines left out', async () => {
      const script = await (await fetch(`${vault.url}/fields.js`)).text();
      expect(script).not.toMatch(/^\s*(\/\/|\/\*)/m);
      expect(script.length).toBeLessThan(runCardFields.toString().length);
      const { answer, calls } = await typedCard([notStarted], true);
      expect(answer).toEqual({ type: 'pasarela-vault:token', card: expect.objectContaining({ token: expect.stringMatching(/^tok_/), last4: '4242' }) });
      expect(calls).toEqual(['/v1/cards', '/v1/cards']);
    });

    it.each([
      ['refused twice', [notStarted, notStarted], 503],
      ['refused, then cut', [notStarted, cut], 0],
      ['cut twice', [cut, cut], 0],
      ['cut, then refused', [cut, notStarted], 503],
    ] as const)('%s is sent once more only, then fails', async (_name, faults, status) => {
      const { answer, calls } = await typedCard([...faults]);
      expect(answer).toEqual({ type: 'pasarela-vault:failed', status, message: catalogs.es['connection_error'] });
      expect(calls).toEqual(['/v1/cards', '/v1/cards']);
    });

    it.each([
      ['a 503 without Vault-Not-Started (a balancer with no node)', 503, {}],
      ['a 502', 502, {}],
      ['a 500 saying Vault-Not-Started', 500, { 'vault-not-started': '1' }],
    ])('%s is never sent again', async (_name, status, headers) => {
      const { answer, calls } = await typedCard([() => Promise.resolve(new Response('{}', { status, headers }))]);
      expect(answer).toEqual({ type: 'pasarela-vault:failed', status, message: catalogs.es['connection_error'] });
      expect(calls).toEqual(['/v1/cards']);
    });
  });

  it('framed by a page other than the checkout it names, takes nothing and says nothing', async () => {
    const page = await framedFields('lang=es', 'https://evil.example');
    expect(page.input('cardnumber').disabled).toBe(true);
    expect(page.posted).toEqual([]);
    await page.close();
  });

  it('framed under a frame that sends no referrer (Firefox tells its parent as "null"), takes the card and speaks to the checkout alone', async () => {
    const page = await framedFields('lang=es', 'null');
    expect(page.input('cardnumber').disabled).toBe(false);
    expect(page.messages('pasarela-vault:ready')).toHaveLength(1);
    expect(page.posted.every((p) => p.targetOrigin === CHECKOUT_ORIGIN)).toBe(true);
    await page.close();
  });

  it('takes the merchant\'s appearance', async () => {
    const page = await framedFields('lang=es&accent=%23aa0000&radius=4&font=Inter, sans-serif');
    expect(page.doc.documentElement.style.getPropertyValue('--accent')).toBe('#aa0000');
    expect(page.doc.documentElement.style.getPropertyValue('--radius')).toBe('4px');
    expect(page.doc.documentElement.style.getPropertyValue('--font')).toBe('Inter, sans-serif');
    // Later, as the checkout's theme changes (dark): only values of the right shape.
    page.send({ type: 'pasarela-vault:style', appearance: { background: '#11151d', text: 'red;x:url(y)', font: '"A"' } });
    expect(page.doc.documentElement.style.getPropertyValue('--background')).toBe('#11151d');
    expect(page.doc.documentElement.style.getPropertyValue('--text')).not.toContain('url');
    expect(page.doc.documentElement.style.getPropertyValue('--font')).toBe('Inter, sans-serif');
    await page.close();
  });

  it('takes the look the checkout drew the frame with from the address\'s fragment, values of the right shape only', async () => {
    const page = await framedFields('lang=es', CHECKOUT_ORIGIN, `#${new URLSearchParams({ accent: '#aa0000', radius: '4', scheme: 'dark', background: 'red;x:url(y)', font: 'Inter, sans-serif' })}`);
    const style = page.doc.documentElement.style;
    expect(style.getPropertyValue('--accent')).toBe('#aa0000');
    expect(style.getPropertyValue('--radius')).toBe('4px');
    expect(style.getPropertyValue('--font')).toBe('Inter, sans-serif');
    expect(style.colorScheme).toBe('dark');
    expect(style.getPropertyValue('--background')).toBe('#ffffff');
    await page.close();
    const wide = await framedFields('lang=es', CHECKOUT_ORIGIN, '#radius=99');
    expect(wide.doc.documentElement.style.getPropertyValue('--radius')).toBe('8px');
    await wide.close();
  });
});

describe('GET /fields', () => {
  it('is served under a policy allowing its own script only (any shop\'s page may hold the checkout that frames it)', async () => {
    const answer = await fetch(fieldsUrl('lang=en'));
    expect(answer.status).toBe(200);
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).not.toContain('frame-ancestors');
    expect(policy).toMatch(/script-src 'sha256-[^']+'(;|$)/);
    expect(policy).not.toContain('unsafe');
    expect(policy).not.toContain('*');
    expect(policy).toContain("default-src 'none'");
    const script = await (await fetch(`${vault.url}/fields.js`)).text();
    expect(() => new Function(script)).not.toThrow();
  });

  it('refuses a parent it is not configured for', async () => {
    const answer = await fetch(`${vault.url}/fields?parent=https%3A%2F%2Fevil.example`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'parent_not_allowed' });
  });

  it.each([
    ['a colour that is not one', 'accent=red;background:url(x)', 'invalid_appearance'],
    ['a font with markup', 'font=%3C%2Fstyle%3E', 'invalid_appearance'],
    ['a language it has no texts for', 'lang=fr', 'invalid_lang'],
    ['a brand it does not know', 'brands=VISA,DINERS', 'invalid_brands'],
  ])('refuses %s', async (_name, query, code) => {
    const answer = await fetch(fieldsUrl(query));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code });
  });
});
