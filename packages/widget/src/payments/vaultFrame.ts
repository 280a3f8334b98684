import type { CardBrand, VaultCard } from '@pasarela/core';

/** The vault frame's names for its fields, and the checkout's (SPEC's form value names). */
export type VaultField = 'number' | 'expiry' | 'cvc';
export const FRAME_FIELD_OF = { cardnumber: 'number', expirationDate: 'expiry', cvc: 'cvc' } as const satisfies Record<string, VaultField>;
export type FrameCardField = keyof typeof FRAME_FIELD_OF;
const CARD_FIELD_OF: Record<VaultField, FrameCardField> = { number: 'cardnumber', expiry: 'expirationDate', cvc: 'cvc' };

export type Tokenized =
  | { kind: 'token'; card: VaultCard }
  | { kind: 'invalid'; fields: FrameCardField[] }
  /** `limited`: the vault took too many cards from this payer's address this minute (its 429). */
  | { kind: 'failed'; limited?: boolean };

export type FrameEvent =
  | { type: 'ready' }
  /** `complete`: every card field passes the frame's checks as it stands. */
  | { type: 'change'; field: FrameCardField; brand: CardBrand | null; complete: boolean }
  | { type: 'height'; height: number }
  /** A field focused by the keyboard or the checkout: its label's top and its lines' bottom in the frame's page. */
  | { type: 'focused'; field: FrameCardField; top: number; bottom: number }
  | { type: 'submit' }
  | { type: 'escape' };

/** The card fields as the checkout uses them: whatever collects them, only a token comes out. */
export interface CardFields {
  /**
   * The card for a payment; `validate`: only the checks of a Pay, shown in the fields; `quiet`: asked
   * before Pay, the fields show nothing of the answer. One at a time: a second waits for the first's answer.
   */
  tokenize(holder: string, options?: { focus?: boolean; validate?: boolean; quiet?: boolean }): Promise<Tokenized>;
  focus(field: FrameCardField): void;
  clear(field: FrameCardField): void;
  /** The payer left the card fields for another of the form's: those typed into say what is wrong. */
  check(): void;
  busy(busy: boolean): void;
  decline(field: FrameCardField, text: string): void;
}

export interface VaultFrame extends CardFields {
  attach(frame: HTMLIFrameElement | null): void;
  style(look: Record<string, string | number>): void;
  subscribe(listener: (event: FrameEvent) => void): () => void;
  readonly origin: string;
}

const PREFIX = 'pasarela-vault:';
const BRANDS: readonly string[] = ['VISA', 'MC', 'AMEX'];
/** A frame that never answers (its origin unreachable): the payer is told, and may try again. */
const ANSWER_TIMEOUT_MS = 30_000;

export interface VaultFieldsAddress {
  vaultUrl: string;
  /** The checkout page's own exact origin: the frame talks to it alone. */
  parentOrigin: string;
  lang: string;
  brands: readonly CardBrand[];
  look?: Record<string, string | number> | undefined;
}

const parsed = (url: string) => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

export function vaultFieldsUrl({ vaultUrl, parentOrigin, lang, brands, look }: VaultFieldsAddress): string {
  const base = parsed(vaultUrl);
  // A page served with no vault configured: an empty frame, and Pay says it cannot reach the card's service.
  if (!base) return 'about:blank';
  const url = new URL('/fields', base);
  url.searchParams.set('lang', lang);
  url.searchParams.set('parent', parentOrigin);
  if (brands.length > 0) url.searchParams.set('brands', brands.join(','));
  // The look in the fragment, which the browser keeps to itself: every frame of one checkout origin,
  // language and brands asks for one address, which the browser's cache answers after the first.
  const drawnWith = new URLSearchParams();
  for (const [name, value] of Object.entries(look ?? {})) drawnWith.set(name, String(value));
  url.hash = drawnWith.toString();
  return url.href;
}

function cardOf(value: unknown): VaultCard | null {
  const card = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const { token, brand, last4, expMonth, expYear } = card;
  if (typeof token !== 'string' || typeof brand !== 'string' || !BRANDS.includes(brand) || typeof last4 !== 'string') return null;
  if (typeof expMonth !== 'number' || typeof expYear !== 'number') return null;
  return { token, brand: brand as CardBrand, last4, expMonth, expYear };
}

const fieldOf = (value: unknown): FrameCardField | null => (value === 'number' || value === 'expiry' || value === 'cvc' ? CARD_FIELD_OF[value] : null);

/** The checkout's side of the vault's fields page: exact origins and the frame's own window both ways. */
export function createVaultFrame(vaultUrl: string, win: Window | undefined = typeof window === 'undefined' ? undefined : window): VaultFrame {
  const origin = parsed(vaultUrl)?.origin ?? 'null';
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  const pending: Array<Record<string, unknown>> = [];
  const listeners = new Set<(event: FrameEvent) => void>();
  let answer: ((result: Tokenized) => void) | null = null;
  let inFlight: Promise<Tokenized> | null = null;

  const post = (message: Record<string, unknown>) => {
    const target = frame?.contentWindow;
    // Sent once the page is there: before, the frame's window may still be another document's.
    if (!ready || !target) pending.push(message);
    else target.postMessage(message, origin);
  };
  const emit = (event: FrameEvent) => listeners.forEach((listener) => listener(event));

  // Drawn on the server (the first screen in the page) there is no window: the browser's copy listens.
  win?.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const data = event.data as Record<string, unknown> | null;
    const type = typeof data?.['type'] === 'string' && data['type'].startsWith(PREFIX) ? data['type'].slice(PREFIX.length) : null;
    if (!data || !type) return;
    if (type === 'ready') {
      ready = true;
      for (const message of pending.splice(0)) post(message);
      emit({ type: 'ready' });
    } else if (type === 'change') {
      const field = fieldOf(data['field']);
      const brand = typeof data['brand'] === 'string' && BRANDS.includes(data['brand']) ? (data['brand'] as CardBrand) : null;
      if (field) emit({ type: 'change', field, brand, complete: data['complete'] === true });
    } else if (type === 'height' && typeof data['height'] === 'number' && data['height'] > 0 && data['height'] < 2000) {
      emit({ type: 'height', height: data['height'] });
    } else if (type === 'focused') {
      const field = fieldOf(data['field']);
      const { top, bottom } = data;
      if (field && typeof top === 'number' && typeof bottom === 'number' && top > -2000 && top <= bottom && bottom < 2000) emit({ type, field, top, bottom });
    } else if (type === 'submit' || type === 'escape') {
      emit({ type });
    } else if (answer && (type === 'token' || type === 'invalid' || type === 'failed')) {
      const settle = answer;
      answer = null;
      const card = type === 'token' ? cardOf(data['card']) : null;
      const fields = Array.isArray(data['fields']) ? data['fields'].map((f: unknown) => fieldOf((f as Record<string, unknown> | null)?.['field'])).filter((f): f is FrameCardField => f !== null) : [];
      settle(card ? { kind: 'token', card } : type === 'invalid' ? { kind: 'invalid', fields } : { kind: 'failed', ...(data['status'] === 429 ? { limited: true } : {}) });
    }
  });

  return {
    origin,
    attach(element) {
      if (element === frame) return;
      frame = element;
      // Another frame element is another page: it says when it is ready.
      ready = false;
      // A frame drawn on the server may have said it before this code listened: it is asked again,
      // now and when its page loads. A document still readable from here is the frame's first blank
      // one, not yet the vault's (asked, it would log an origin mismatch).
      const hello = () => {
        if (frame === element && !ready && element?.contentDocument === null) element.contentWindow?.postMessage({ type: `${PREFIX}hello` }, origin);
      };
      hello();
      element?.addEventListener('load', hello, { once: true });
    },
    tokenize(holder, options = {}) {
      // The page answers one request at a time (a second, while the first is on its way, it ignores):
      // a second waits for the first's answer.
      const ask = () => new Promise<Tokenized>((resolve) => {
        const timer = setTimeout(() => {
          if (answer === settle) answer = null;
          resolve({ kind: 'failed' });
        }, ANSWER_TIMEOUT_MS);
        const settle = (result: Tokenized) => {
          clearTimeout(timer);
          resolve(result);
        };
        answer = settle;
        post({ type: `${PREFIX}tokenize`, holder, focus: options.focus !== false, validate: options.validate === true, quiet: options.quiet === true });
      });
      const asked = inFlight ? inFlight.then(ask) : ask();
      inFlight = asked;
      void asked.then(() => {
        if (inFlight === asked) inFlight = null;
      });
      return asked;
    },
    focus(field) {
      // The frame first (a cross-origin page takes the focus only once its frame has it), then its field.
      frame?.focus();
      post({ type: `${PREFIX}focus`, field: FRAME_FIELD_OF[field] });
    },
    clear: (field) => post({ type: `${PREFIX}clear`, field: FRAME_FIELD_OF[field] }),
    check: () => post({ type: `${PREFIX}check` }),
    busy: (busy) => post({ type: `${PREFIX}busy`, busy }),
    decline: (field, text) => post({ type: `${PREFIX}decline`, field: FRAME_FIELD_OF[field], text }),
    style: (look) => post({ type: `${PREFIX}style`, appearance: look }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The checkout's palette as the frame's look (its variables, styles.css), read from the page. */
export function frameLook(element: Element): Record<string, string | number> {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(`--${name}`).trim();
  const look: Record<string, string | number> = {};
  const colours = { accent: 'brand', text: 'ink', muted: 'ink-soft', background: 'paper', wash: 'wash', border: 'field-line', focus: 'focus', danger: 'danger' };
  for (const [name, variable] of Object.entries(colours)) {
    const value = read(variable);
    if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) look[name] = value;
  }
  // The frame has none of the checkout's served fonts: the stack's names go, quotes off, its fallbacks serve.
  const font = read('font').replace(/["']/g, '');
  if (/^[A-Za-z0-9 ,-]{1,80}$/.test(font)) look['font'] = font;
  // The same scheme, or the browser paints the frame's ground opaque over a dark page.
  const scheme = style.colorScheme.trim();
  if (scheme === 'light' || scheme === 'dark') look['scheme'] = scheme;
  const radius = Number.parseFloat(read('radius-field'));
  if (Number.isFinite(radius) && radius >= 0 && radius <= 24) look['radius'] = Math.round(radius);
  return look;
}
