import { CARD_TOKEN_SOURCE } from '@pasarela/core';

/**
 * The placeholders a forwarded body may carry, put in on the way out (docs/security.md "Card data"):
 * - `{{vault:<token>:<part>}}` anywhere in the body, written as is or percent-encoded in a form body;
 *   part is `number`, `exp_month` (two digits), `exp_year` (four), `cvc` or `holder`;
 * - the token alone as the whole value of a `number` field (`number=`, `card[number]=` in a form body,
 *   `"number": "tok_..."` in JSON): the number, so a client that sends a card as it always did needs
 *   only the token in the number's place.
 */
const CARD_PARTS = ['number', 'exp_month', 'exp_year', 'cvc', 'holder'] as const;
export type CardPart = (typeof CARD_PARTS)[number];

const PLACEHOLDER = new RegExp(`(?:\\{\\{|%7B%7B)vault(?::|%3A)(${CARD_TOKEN_SOURCE})(?::|%3A)(${CARD_PARTS.join('|')})(?:\\}\\}|%7D%7D)`, 'gi');
const FORM_NUMBER = new RegExp(`(^|&)((?:[^=&]*(?:%5B|\\[))?number(?:%5D|\\])?)=(${CARD_TOKEN_SOURCE})(?=&|$)`, 'g');
const JSON_NUMBER = new RegExp(`("number"\\s*:\\s*")(${CARD_TOKEN_SOURCE})(")`, 'g');

export interface Wanted {
  token: string;
  part: CardPart;
}

export type BodyKind = 'form' | 'json';

export const bodyKindOf = (contentType: string | undefined): BodyKind | null =>
  /^application\/x-www-form-urlencoded\b/i.test(contentType ?? '') ? 'form' : /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType ?? '') ? 'json' : null;

/** What the body asks for, each once. */
export function wantedIn(body: string, kind: BodyKind): Wanted[] {
  const found = new Map<string, Wanted>();
  const add = (token: string, part: CardPart) => found.set(`${token}:${part}`, { token, part });
  for (const m of body.matchAll(PLACEHOLDER)) add(m[1]!, m[2]!.toLowerCase() as CardPart);
  for (const m of body.matchAll(kind === 'form' ? FORM_NUMBER : JSON_NUMBER)) add(kind === 'form' ? m[3]! : m[2]!, 'number');
  return [...found.values()];
}

/** The body with every placeholder replaced, each value written as the body's own format requires. */
export function fillIn(body: string, kind: BodyKind, valueOf: (token: string, part: CardPart) => string): string {
  const write = (value: string) => (kind === 'form' ? encodeURIComponent(value) : JSON.stringify(value).slice(1, -1));
  const placed = body.replace(PLACEHOLDER, (_all, token: string, part: string) => write(valueOf(token, part.toLowerCase() as CardPart)));
  return kind === 'form'
    ? placed.replace(FORM_NUMBER, (_all, start: string, key: string, token: string) => `${start}${key}=${write(valueOf(token, 'number'))}`)
    : placed.replace(JSON_NUMBER, (_all, open: string, token: string, close: string) => `${open}${write(valueOf(token, 'number'))}${close}`);
}

/** The name a value is given just before it: `cvc` of `card[cvc]=` or `card%5Bcvc%5D=`, `securityCode` of `"securityCode": "`. */
const NAME_BEFORE = /([A-Za-z][A-Za-z0-9_]{0,63})(?:\]|%5D|")?\s*[:=]\s*"?$/i;

/** The names the body gives the CVC it asks for (looked for again in the processor's answer). */
export function cvcNamesIn(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) {
    if (m[2]!.toLowerCase() !== 'cvc') continue;
    const name = NAME_BEFORE.exec(body.slice(Math.max(0, m.index - 80), m.index))?.[1];
    if (name !== undefined) names.add(name);
  }
  return [...names];
}
