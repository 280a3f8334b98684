import { describe, expect, it, vi } from 'vitest';
import { createVaultFrame, frameLook, vaultFieldsUrl, type FrameEvent } from './vaultFrame';

const VAULT = 'https://vault.test';

/** The checkout's window and the vault frame's, as far as messages go. */
function setup(loaded = false) {
  let listener: ((event: MessageEvent) => void) | null = null;
  const win = { addEventListener: (_type: string, l: (event: MessageEvent) => void) => void (listener = l) } as unknown as Window;
  const inside = { postMessage: vi.fn() };
  let onLoad: (() => void) | null = null;
  // The frame's first blank document is readable from the checkout; the vault's page, of another origin, is not.
  const stand = { contentWindow: inside, contentDocument: loaded ? null : {}, focus: vi.fn(), addEventListener: (_type: string, l: () => void) => void (onLoad = l) };
  const element = stand as unknown as HTMLIFrameElement;
  const load = () => {
    stand.contentDocument = null;
    onLoad?.();
  };
  const frame = createVaultFrame(`${VAULT}/`, win);
  frame.attach(element);
  const events: FrameEvent[] = [];
  frame.subscribe((event) => events.push(event));
  const say = (data: Record<string, unknown>, origin = VAULT, source: unknown = inside) => listener?.({ data, origin, source } as unknown as MessageEvent);
  const sent = () => inside.postMessage.mock.calls.map(([message, target]) => ({ message, target }));
  return { frame, element, inside, events, say, sent, load };
}

describe('the checkout\'s side of the vault\'s fields', () => {
  it('speaks to the frame\'s window at the vault\'s exact origin only, once its page says it is ready', () => {
    const { frame, say, sent } = setup();
    frame.check();
    expect(sent()).toEqual([]);
    say({ type: 'pasarela-vault:ready' });
    frame.clear('cvc');
    expect(sent()).toEqual([
      { message: { type: 'pasarela-vault:check' }, target: VAULT },
      { message: { type: 'pasarela-vault:clear', field: 'cvc' }, target: VAULT },
    ]);
  });

  it('asks a frame that said ready before the checkout listened to say it again: once loaded, or as its page loads', () => {
    const hello = { message: { type: 'pasarela-vault:hello' }, target: VAULT };
    const drawn = setup(true);
    expect(drawn.sent()).toEqual([hello]);
    const loading = setup();
    expect(loading.sent()).toEqual([]);
    loading.load();
    expect(loading.sent()).toEqual([hello]);
  });

  it('hears the frame alone: another origin, or another window of the vault\'s origin, is ignored', () => {
    const { events, say } = setup();
    say({ type: 'pasarela-vault:ready' }, 'https://evil.test');
    say({ type: 'pasarela-vault:ready' }, VAULT, {});
    say({ type: 'pasarela-vault:height', height: 300 }, VAULT, {});
    expect(events).toEqual([]);
    say({ type: 'pasarela-vault:height', height: 300 });
    say({ type: 'pasarela-vault:change', field: 'number', brand: 'MC' });
    say({ type: 'pasarela-vault:change', field: 'number', brand: '<b>' });
    say({ type: 'pasarela-vault:change', field: 'cvc', brand: 'VISA', complete: true });
    say({ type: 'pasarela-vault:change', field: 'cvc', brand: 'VISA', complete: 'yes' });
    expect(events).toEqual([
      { type: 'height', height: 300 },
      { type: 'change', field: 'cardnumber', brand: 'MC', complete: false },
      { type: 'change', field: 'cardnumber', brand: null, complete: false },
      { type: 'change', field: 'cvc', brand: 'VISA', complete: true },
      { type: 'change', field: 'cvc', brand: 'VISA', complete: false },
    ]);
  });

  it('hears where a field focused in the frame sits, by the checkout\'s names, from the frame alone and only as numbers in range', () => {
    const { events, say } = setup();
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: 120, bottom: 212 }, 'https://evil.test');
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: 120, bottom: 212 }, VAULT, {});
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: 120, bottom: 212 });
    say({ type: 'pasarela-vault:focused', field: 'expiry', top: 0, bottom: 92.5 });
    say({ type: 'pasarela-vault:focused', field: 'name', top: 0, bottom: 92 });
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: '120', bottom: 212 });
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: 212, bottom: 120 });
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: Number.NaN, bottom: 212 });
    say({ type: 'pasarela-vault:focused', field: 'cvc', top: 0, bottom: 1e9 });
    say({ type: 'pasarela-vault:focused', field: 'cvc' });
    expect(events).toEqual([
      { type: 'focused', field: 'cvc', top: 120, bottom: 212 },
      { type: 'focused', field: 'expirationDate', top: 0, bottom: 92.5 },
    ]);
  });

  it('tokenizes through the frame: the token as the vault answered, the fields it refused by the checkout\'s names', async () => {
    const { frame, say, sent } = setup();
    say({ type: 'pasarela-vault:ready' });
    const first = frame.tokenize('Ana Perez');
    expect(sent().at(-1)).toEqual({ message: { type: 'pasarela-vault:tokenize', holder: 'Ana Perez', focus: true, validate: false, quiet: false }, target: VAULT });
    // Another origin's "token" settles nothing.
    say({ type: 'pasarela-vault:token', card: { token: 'tok_evil', brand: 'VISA', last4: '0000', expMonth: 1, expYear: 2030 } }, 'https://evil.test');
    say({ type: 'pasarela-vault:token', card: { token: 'tok_1', brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034 } });
    expect(await first).toEqual({ kind: 'token', card: { token: 'tok_1', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
    const second = frame.tokenize('Ana Perez', { focus: false, validate: true });
    say({ type: 'pasarela-vault:invalid', fields: [{ field: 'expiry', code: 'expired' }, { field: 'cvc', code: 'field_required' }] });
    expect(await second).toEqual({ kind: 'invalid', fields: ['expirationDate', 'cvc'] });
    const third = frame.tokenize('');
    say({ type: 'pasarela-vault:token', card: { token: 'tok_2', brand: 'DINERS' } });
    expect(await third).toEqual({ kind: 'failed' });
    // The vault's 429 (too many cards from the payer's address) is told apart from a connection's failure.
    const fourth = frame.tokenize('Ana Perez');
    say({ type: 'pasarela-vault:failed', status: 429 });
    expect(await fourth).toEqual({ kind: 'failed', alert: 'card_entries_limited' });
    // Its 403 (the fields page's origin is not one it takes: its operator's setting) is no fault of the payer's connection.
    const refused = frame.tokenize('Ana Perez');
    say({ type: 'pasarela-vault:failed', status: 403 });
    expect(await refused).toEqual({ kind: 'failed', alert: 'card_payments_unavailable' });
    const fifth = frame.tokenize('Ana Perez');
    say({ type: 'pasarela-vault:failed', status: 0 });
    expect(await fifth).toEqual({ kind: 'failed' });
    // An answer of the wrong shape is a failure, told at once, never a wait for the time-out.
    const sixth = frame.tokenize('Ana Perez');
    say({ type: 'pasarela-vault:invalid', fields: 'expiry' });
    expect(await sixth).toEqual({ kind: 'failed' });
  });

  it('asks for one token at a time: a second request leaves once the first is answered, and each gets its own answer', async () => {
    const { frame, say, sent } = setup();
    say({ type: 'pasarela-vault:ready' });
    const early = frame.tokenize('Ana Perez', { focus: false, quiet: true });
    const atPay = frame.tokenize('Ana Perez', { focus: false });
    const tokenizeRequests = () => sent().filter((s) => (s.message as { type: string }).type === 'pasarela-vault:tokenize');
    expect(tokenizeRequests().map((s) => s.message)).toEqual([{ type: 'pasarela-vault:tokenize', holder: 'Ana Perez', focus: false, validate: false, quiet: true }]);
    say({ type: 'pasarela-vault:token', card: { token: 'tok_1', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
    expect(await early).toEqual({ kind: 'token', card: { token: 'tok_1', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
    await Promise.resolve();
    expect(tokenizeRequests()).toHaveLength(2);
    say({ type: 'pasarela-vault:token', card: { token: 'tok_2', brand: 'VISA', last4: '4242', expMonth: 12, expYear: 2034 } });
    expect(await atPay).toMatchObject({ kind: 'token', card: { token: 'tok_2' } });
  });

  it('focuses the frame, then the field in it', () => {
    const { frame, element, say, sent } = setup();
    say({ type: 'pasarela-vault:ready' });
    frame.focus('expirationDate');
    expect(element.focus).toHaveBeenCalled();
    expect(sent().at(-1)?.message).toEqual({ type: 'pasarela-vault:focus', field: 'expiry' });
  });

  it('asks for the vault\'s page with the checkout\'s origin, language and brands, its look in the fragment', () => {
    const url = new URL(vaultFieldsUrl({ vaultUrl: VAULT, parentOrigin: 'https://checkout.test', lang: 'en', brands: ['VISA', 'AMEX'], look: { accent: '#aa0000', radius: 4 } }));
    expect(url.origin + url.pathname).toBe(`${VAULT}/fields`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'en', parent: 'https://checkout.test', brands: 'VISA,AMEX' });
    expect(Object.fromEntries(new URLSearchParams(url.hash.slice(1)))).toEqual({ accent: '#aa0000', radius: '4' });
    // Another look, the same page: the browser's cache answers the second frame.
    const other = new URL(vaultFieldsUrl({ vaultUrl: VAULT, parentOrigin: 'https://checkout.test', lang: 'en', brands: ['VISA', 'AMEX'], look: { accent: '#00aa00' } }));
    expect(other.href.split('#')[0]).toBe(url.href.split('#')[0]);
    expect(vaultFieldsUrl({ vaultUrl: '', parentOrigin: 'https://checkout.test', lang: 'es', brands: [] })).toBe('about:blank');
  });

  it('reads the checkout\'s palette for the frame, passing on only values of the right shape', () => {
    const root = document.createElement('div');
    document.body.appendChild(root);
    root.style.setProperty('--brand', '#123456');
    root.style.setProperty('--paper', '#11151d');
    root.style.setProperty('--ink', 'red');
    root.style.setProperty('--font', '"Inter", system-ui, sans-serif');
    root.style.setProperty('--radius-field', '6px');
    expect(frameLook(root)).toMatchObject({ accent: '#123456', background: '#11151d', font: 'Inter, system-ui, sans-serif', radius: 6 });
    expect(frameLook(root)).not.toHaveProperty('text');
    root.remove();
  });
});
