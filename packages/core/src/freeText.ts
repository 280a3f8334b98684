import * as v from 'valibot';

// Free text ends up in receipts, e-mails, logs and the admin console.

const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;
/** They make text read in another order than it is stored. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** PostgreSQL's text and jsonb refuse NUL; no UTF-8 encodes a lone surrogate. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

export function hasForbiddenCharacters(text: string, options: { multiline?: boolean } = {}): boolean {
  return CONTROLS.test(text) || BIDI_CONTROLS.test(text) || UNSTORABLE.test(text) || (!options.multiline && LINE_BREAKS.test(text));
}

const ANY_BIDI_CONTROL = /\p{Bidi_Control}/u;
const DRAWS_NOTHING = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

type ShownNameRefusal = 'bidi_control' | 'invisible';

/** A bidi mark can make a name read as another; a name that draws nothing shows the payer no name. */
export function shownNameRefusal(text: string): ShownNameRefusal | null {
  if (ANY_BIDI_CONTROL.test(text)) return 'bidi_control';
  if (DRAWS_NOTHING.test(text)) return 'invisible';
  return null;
}

/** In UTF-16 code units, as JavaScript counts. */
export const TEXT_LIMITS = {
  name: 60,
  title: 120,
  email: 254,
  phone: 30,
  code: 40,
  concept: 200,
  description: 500,
  customValue: 500,
  address: 200,
} as const;

interface FreeTextOptions {
  multiline?: boolean;
  missingMessage?: string;
  /** Sent, but not text (a number, null): said apart from missing. Without it, missingMessage. */
  typeMessage?: string;
  tooLongMessage?: string;
  charactersMessage?: string;
}

export const freeText = (max: number, options: FreeTextOptions = {}) =>
  v.pipe(
    v.string((issue) => (issue.input !== undefined && options.typeMessage) || (options.missingMessage ?? 'missing_arguments')),
    v.maxLength(max, options.tooLongMessage ?? 'text_too_long'),
    v.check((s) => !hasForbiddenCharacters(s, options), options.charactersMessage ?? 'invalid_characters'),
  );

interface JsonTextPlace {
  path: string;
  inKey: boolean;
}

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

export function jsonHasForbiddenCharacters(value: unknown, options: { multiline?: boolean } = {}): boolean {
  return findJsonText(value, (text, inKey) => hasForbiddenCharacters(text, inKey ? {} : options)) !== undefined;
}

export function unstorableTextIn(value: unknown): JsonTextPlace | undefined {
  return findJsonText(value, hasUnstorableCharacters);
}
