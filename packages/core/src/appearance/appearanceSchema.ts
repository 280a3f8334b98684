import * as v from 'valibot';
import { isRecord } from '../messages';
import { colourMatch } from './colourText';

/** `theme`: light, dark, or `auto` (the payer's `prefers-color-scheme`, followed live). */
const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * `fontFamily`'s choices (fontStacks.ts has the stack each sets): system stacks, and families the
 * checkout serves itself (`inter`, `lora`). Never a stack or a URL from the merchant.
 */
const FONT_FAMILIES = ['system', 'humanist', 'rounded', 'serif', 'inter', 'lora'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** The lengths' bounds in px (a rem is 16 px): what keeps the checkout usable at 360 px. */
const LENGTH_BOUNDS_PX = { borderRadius: [0, 24], spacingUnit: [2, 8] } as const;

const LENGTH = /^(\d{1,3}(?:\.\d{1,4})?)(px|rem)$/;

/** A length in px, from `12px` or `0.75rem`; undefined for anything else. */
export function lengthInPx(text: string): number | undefined {
  const match = LENGTH.exec(text.trim());
  return match ? Number(match[1]) * (match[2] == 'rem' ? 16 : 1) : undefined;
}

/** A variable's rule: a colour, a list of names, or a length's bounds in px. */
type Rule = typeof colourMatch | readonly string[] | readonly number[];

/** `appearance.variables`' keys and their rules (PRODUCT.md "SDK beyond open()"). */
const VARIABLES: Record<string, Rule> = {
  colorPrimary: colourMatch,
  colorBackground: colourMatch,
  colorText: colourMatch,
  colorDanger: colourMatch,
  ...LENGTH_BOUNDS_PX,
  fontFamily: FONT_FAMILIES,
};
const KEYS: Record<string, Rule | typeof VARIABLES> = { theme: THEMES, variables: VARIABLES };

/** What a value under `rule` must be, when `text` is not one. */
function ruleBroken(rule: Rule, text: string): string | undefined {
  if (typeof rule == 'function') return rule(text) ? undefined : 'a colour in hex (#0a5cc2), rgb() or hsl()';
  const [min = 0, max = 0] = rule;
  if (typeof min == 'string') return rule.includes(text as never) ? undefined : 'one of ' + rule.join(', ');
  const px = lengthInPx(text) ?? -1;
  return px >= min && px <= Number(max) ? undefined : `a length from ${min}px to ${max}px, in px or rem`;
}

/** The first problem of `given` (an object of `rules`' keys) at `path`, naming the variable. */
function problemIn(path: string, given: unknown, rules: typeof KEYS): string | undefined {
  if (!isRecord(given) || Array.isArray(given)) return `${path} must be an object, got ${JSON.stringify(given)}`;
  for (const key in given) {
    const [value, rule, at] = [given[key], rules[key], path + '.' + key];
    if (!rule) return `${path} has no ${key}: it takes ${Object.keys(rules).join(', ')}`;
    if (value === undefined) continue;
    if (rule == VARIABLES) {
      const inner = problemIn(at, value, VARIABLES);
      if (inner) return inner;
      continue;
    }
    const broken = ruleBroken(rule as Rule, typeof value == 'string' ? value : '');
    if (broken) return `${at} must be ${broken}, got ${JSON.stringify(value)}`;
  }
  return undefined;
}

/**
 * What is wrong with an `appearance` value, as one sentence naming the variable, or undefined when
 * it is good. The one rule for the loader (a TypeError before any iframe exists), the widget and
 * AppearanceSchema; small enough for the loader's budget, where valibot is not.
 */
export const appearanceProblem = (value: unknown): string | undefined => problemIn('appearance', value, KEYS);

/** `appearance.variables`: every colour, length and font the merchant may set (docs/appearance.md). */
export interface AppearanceVariables {
  /** The primary button, the chosen method, links and radios: `#rgb`, `#rrggbb`, `rgb()` or `hsl()`. */
  colorPrimary?: string | undefined;
  /** The page behind the checkout: a colour as above. */
  colorBackground?: string | undefined;
  /** Text and the focus ring: a colour as above. */
  colorText?: string | undefined;
  /** Errors and declined payments: a colour as above. */
  colorDanger?: string | undefined;
  /** Corners, `Npx` or `Nrem`, 0 to 24 px. */
  borderRadius?: string | undefined;
  /** The unit every space is a multiple of, `Npx` or `Nrem`, 2 to 8 px. */
  spacingUnit?: string | undefined;
  /** One of the checkout's own families: `system`, `humanist`, `rounded` or `serif`. */
  fontFamily?: FontFamily | undefined;
}

/** `appearance` of open(), the React components and the pay buttons' data attributes (PRODUCT.md). */
export interface Appearance {
  /** `light`, `dark`, or `auto` (follows the payer's `prefers-color-scheme`); `light` when left out. */
  theme?: Theme | undefined;
  /** Colours, lengths and font; each left out keeps the merchant's stored brand or the default. */
  variables?: AppearanceVariables | undefined;
}

/** The same rules as a valibot schema, for the widget's launch parameters. */
const AppearanceSchema = v.pipe(
  v.unknown(),
  v.check((value) => appearanceProblem(value) === undefined, (issue) => appearanceProblem(issue.input) ?? 'appearance is not valid'),
  v.transform((value) => value as Appearance),
);

/**
 * The checkout page's `appearance` parameter (JSON, as the loader sends it), checked by the rule
 * above: the appearance, or undefined when absent or bad (a bad one is ignored as a whole).
 */
export function appearanceParam(params: URLSearchParams): Appearance | undefined {
  const text = params.get('appearance');
  if (!text) return undefined;
  try {
    const parsed = v.safeParse(AppearanceSchema, JSON.parse(text));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
