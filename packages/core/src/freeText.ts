import * as v from 'valibot';

// What a text field the server keeps may hold: names, concepts, descriptions, e-mails, logins,
// custom field values. They end up in receipts, e-mails, logs and the admin console.

/** C0 controls (NUL included), DEL and C1 controls, except tab, line feed and carriage return. */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;
/** Bidi embeddings and overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they make text read in another order than it is stored. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** NUL, which PostgreSQL's text and jsonb refuse, and a UTF-16 surrogate without its pair, which no UTF-8 encodes. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when text holds a character no valid text contains: NUL or a lone surrogate. */
function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** True when text holds a control, bidi or unstorable character; tab and line breaks only count when the field is one line. */
export function hasForbiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROLS.test(text) || BIDI_CONTROLS.test(text) || UNSTORABLE.test(text) || (!options.multiline && LINE_BREAKS.test(text));
}

/** Every bidi control (Unicode Bidi_Control): the embeddings, overrides and isolates, and the marks LRM, RLM and ALM. */
const ANY_BIDI_CONTROL = /\p{Bidi_Control}/u;
/**
 * Text that draws nothing: white space and default-ignorable code points (zero-width spaces and
 * joiners, the soft hyphen, variation selectors, tags, Hangul fillers), and the blank braille cell.
 */
const DRAWS_NOTHING = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

type ShownNameRefusal = 'bidi_control' | 'invisible';

/**
 * Why a name shown as a business's sign (a merchant's display name, on the checkout, receipts,
 * e-mails, bank and 3DS pages) is refused, or null: a bidi control of any kind, a mark included,
 * since it can make the name read as another; or text that draws nothing, since the payer would
 * see no name where one is promised. Controls and length are freeText's rules.
 */
export function shownNameRefusal(text: string): ShownNameRefusal | null {
  if (ANY_BIDI_CONTROL.test(text)) return 'bidi_control';
  if (DRAWS_NOTHING.test(text)) return 'invisible';
  return null;
}

/** Limits of the free-text fields, in characters (UTF-16 code units, as JavaScript counts). */
export const TEXT_LIMITS = {
  /** A person's or a card holder's name, a login. */
  name: 60,
  /** A merchant's, plan's or campaign's name or title. */
  title: 120,
  email: 254,
  phone: 30,
  /** Short codes the widget sends: txChannel, transactionsType, serviceCode, lang. */
  code: 40,
  concept: 200,
  description: 500,
  /** One custom field value. */
  customValue: 500,
  address: 200,
} as const;

interface FreeTextOptions {
  /** A message, description or address may span lines; a name or a code may not. */
  multiline?: boolean;
  /** Issue messages: SPEC codes for the API (the default), sentences for the admin API. */
  missingMessage?: string;
  tooLongMessage?: string;
  charactersMessage?: string;
}

/**
 * A free-text field of a request schema: a string of at most `max` characters with no control or
 * bidi character (hasForbiddenCharacters). The codes text_too_long and invalid_characters have
 * catalogue texts in both languages.
 */
export const freeText = (max: number, options: FreeTextOptions = {}) =>
  v.pipe(
    v.string(options.missingMessage ?? 'missing_arguments'),
    v.maxLength(max, options.tooLongMessage ?? 'text_too_long'),
    v.check((s) => !hasForbiddenCharacters(s, options), options.charactersMessage ?? 'invalid_characters'),
  );

/** Where a text sits in a JSON value: the path of a string (`a.b[0]`, '' for the value itself), or of the object whose key it is. */
interface JsonTextPlace {
  path: string;
  inKey: boolean;
}

/** The first string or key of a JSON value, at any depth, that passes the test (walked without recursion). */
function findJsonText(value: unknown, test: (text: string, inKey: boolean) => boolean): JsonTextPlace | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [next, path] = stack.pop() ?? [null, ''];
    if (typeof next === 'string') {
      if (test(next, false)) return { path, inKey: false };
    } else if (Array.isArray(next)) {
      next.forEach((item: unknown, index) => stack.push([item, `${path}[${index}]`]));
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, item] of Object.entries(next)) {
        if (test(key, true)) return { path, inKey: true };
        stack.push([item, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
  return undefined;
}

/** True when a JSON value holds, anywhere in its strings or keys, a forbidden character (custom field values); keys are one line. */
export function jsonHasForbiddenCharacters(value: unknown, options: { multiline?: boolean } = {}): boolean {
  return findJsonText(value, (text, inKey) => hasForbiddenCharacters(text, inKey ? {} : options)) !== undefined;
}

/** Where a JSON value (any request body) first holds, in a string or a key, NUL or a lone surrogate; undefined when nowhere. */
export function unstorableTextIn(value: unknown): JsonTextPlace | undefined {
  return findJsonText(value, hasUnstorableCharacters);
}
