import * as v from 'valibot';
import { CARD_BRANDS, type CardBrand, type VaultCard } from '@pasarela/core';

/** The vault frame's names for its fields, and the checkout's (SPEC's form value names). */
export type VaultField = 'number' | 'expiry' | 'cvc';
export const FRAME_FIELD_OF = { cardnumber: 'number', expirationDate: 'expiry', cvc: 'cvc' } as const satisfies Record<string, VaultField>;
export type FrameCardField = keyof typeof FRAME_FIELD_OF;
const CARD_FIELD_OF: Record<VaultField, FrameCardField> = { number: 'cardnumber', expiry: 'expirationDate', cvc: 'cvc' };

export type Tokenized =
  | { kind: 'token'; card: VaultCard }
  | { kind: 'invalid'; fields: FrameCardField[] }
  /**
   * `alert`, what the payer is told when it is not their connection: the vault took too many cards from
   * their address this minute (its 429), or refused the fields page's origin (its 403, its operator's setting).
   */
  | { kind: 'failed'; alert?: 'card_entries_limited' | 'card_payments_unavailable' };

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
  /** Without a field: the page's first field, unless the payer is in one of its fields already. */
  focus(field?: FrameCardField): void;
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

/** A frame field's name, read as the checkout's. */
const FieldSchema = v.pipe(v.picklist(['number', 'expiry', 'cvc']), v.transform((field) => CARD_FIELD_OF[field]));
const BrandSchema = v.picklist(CARD_BRANDS);
const kind = <T extends string>(type: T) => v.literal(`${PREFIX}${type}`);
/** An answer to a tokenize: its shape wrong, it is a failure, never a card. */
const ANSWER_TYPES: readonly unknown[] = [`${PREFIX}token`, `${PREFIX}invalid`, `${PREFIX}failed`];

/** What the fields page may say (fieldsScript.ts in the card vault): anything else is dropped. */
const FrameMessageSchema = v.union([
  v.object({ type: v.picklist([`${PREFIX}ready`, `${PREFIX}submit`, `${PREFIX}escape`]) }),
  // A brand this checkout does not know is none; `complete` is true or it is not.
  v.object({ type: kind('change'), field: FieldSchema, brand: v.fallback(v.nullable(BrandSchema), null), complete: v.fallback(v.boolean(), false) }),
  v.object({ type: kind('height'), height: v.pipe(v.number(), v.gtValue(0), v.ltValue(2000)) }),
  v.pipe(
    v.object({ type: kind('focused'), field: FieldSchema, top: v.pipe(v.number(), v.gtValue(-2000)), bottom: v.pipe(v.number(), v.ltValue(2000)) }),
    v.check(({ top, bottom }) => top <= bottom),
  ),
  v.object({
    type: kind('token'),
    card: v.object({ token: v.string(), brand: BrandSchema, last4: v.string(), expMonth: v.number(), expYear: v.number() }),
  }),
  v.object({ type: kind('invalid'), fields: v.array(v.object({ field: FieldSchema })) }),
  v.object({ type: kind('failed'), status: v.optional(v.number()) }),
]);

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
  /** The answer to the tokenize in hand, if one is: the page answers one at a time. */
  const settleAnswer = (result: Tokenized) => {
    const settle = answer;
    answer = null;
    settle?.(result);
  };

  // Drawn on the server (the first screen in the page) there is no window: the browser's copy listens.
  win?.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || !frame || event.source !== frame.contentWindow) return;
    const read = v.safeParse(FrameMessageSchema, event.data);
    if (!read.success) {
      // A malformed answer to a tokenize settles it as failed: the payer is told, never kept waiting.
      const type: unknown = (event.data as { type?: unknown } | null)?.type;
      if (answer && ANSWER_TYPES.includes(type)) settleAnswer({ kind: 'failed' });
      return;
    }
    const message = read.output;
    switch (message.type) {
      case `${PREFIX}ready`:
        ready = true;
        for (const pendingMessage of pending.splice(0)) post(pendingMessage);
        return emit({ type: 'ready' });
      case `${PREFIX}submit`:
        return emit({ type: 'submit' });
      case `${PREFIX}escape`:
        return emit({ type: 'escape' });
      case `${PREFIX}change`:
        return emit({ type: 'change', field: message.field, brand: message.brand, complete: message.complete });
      case `${PREFIX}height`:
        return emit({ type: 'height', height: message.height });
      case `${PREFIX}focused`:
        return emit({ type: 'focused', field: message.field, top: message.top, bottom: message.bottom });
      case `${PREFIX}token`:
        return settleAnswer({ kind: 'token', card: message.card });
      case `${PREFIX}invalid`:
        return settleAnswer({ kind: 'invalid', fields: message.fields.map(({ field }) => field) });
      case `${PREFIX}failed`:
        return settleAnswer(message.status === 429 ? { kind: 'failed', alert: 'card_entries_limited' } : message.status === 403 ? { kind: 'failed', alert: 'card_payments_unavailable' } : { kind: 'failed' });
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
      // No field: none named (FRAME_FIELD_OF has no `undefined`).
      post({ type: `${PREFIX}focus`, field: FRAME_FIELD_OF[field as FrameCardField] });
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
