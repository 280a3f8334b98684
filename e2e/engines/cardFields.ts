import type { FramePath } from './engine';
import { CHECKOUT, shown, type Payer } from './payer';

/**
 * Every reach for the card's own fields goes through here. They are found by what they are
 * (autocomplete cc-number, cc-exp, cc-csc), in the checkout's frame or in a frame inside it (the
 * card vault's fields page, on the vault's origin), so the flows hold wherever they are drawn.
 */
const AUTOCOMPLETE = { number: 'cc-number', expiry: 'cc-exp', cvc: 'cc-csc' } as const;
type CardFieldKind = keyof typeof AUTOCOMPLETE;

export interface Card {
  number: string;
  expiry?: string;
  cvc?: string;
}

const selectorOf = (kind: CardFieldKind) => `input[autocomplete="${AUTOCOMPLETE[kind]}"]`;
const isShown = (css: string) => Array.from(document.querySelectorAll(css)).some((el) => el.getClientRects().length > 0);

/** The frame the card field `kind` is on screen in, or undefined while it shows nowhere. */
async function cardFieldFrame(payer: Payer, kind: CardFieldKind): Promise<FramePath | undefined> {
  const css = selectorOf(kind);
  try {
    if (await payer.tab.evaluate(CHECKOUT, isShown, css)) return CHECKOUT;
    const frames = await payer.tab.evaluate(CHECKOUT, () => document.querySelectorAll('iframe').length);
    for (let nth = 0; nth < frames; nth++) {
      const path = [...CHECKOUT, { css: 'iframe', nth }];
      if (await payer.tab.evaluate(path, isShown, css).catch(() => false)) return path;
    }
  } catch {
    // the checkout's frame is not there yet
  }
  return undefined;
}

/** Waits for the card field `kind` to show: the card form is up. */
export async function cardField(payer: Payer, kind: CardFieldKind = 'number', timeout = 30_000): Promise<FramePath> {
  const until = Date.now() + timeout;
  for (;;) {
    const path = await cardFieldFrame(payer, kind);
    if (path) return path;
    if (Date.now() > until) throw new Error(`${payer.engine}: no card field ${AUTOCOMPLETE[kind]} on screen within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether the card number field is on screen now (the form is shown, not a wait or a question). */
export async function cardFormShown(payer: Payer): Promise<boolean> {
  return (await cardFieldFrame(payer, 'number')) !== undefined;
}

/** Types the card, key by key, into its fields wherever they are. */
export async function fillCard(payer: Payer, card: Card): Promise<void> {
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const values: Record<CardFieldKind, string> = { number: card.number, expiry: card.expiry ?? `12/${nextYear}`, cvc: card.cvc ?? '123' };
  for (const kind of Object.keys(AUTOCOMPLETE) as CardFieldKind[]) {
    const path = await cardField(payer, kind);
    await payer.tab.fill(path, values[kind], shown, selectorOf(kind));
  }
}
