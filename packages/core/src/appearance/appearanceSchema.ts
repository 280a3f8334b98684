import * as v from 'valibot';
import { isRecord } from '../messages';
import { colourMatch } from './colourText';

/** `theme`: light, dark, or `auto` (the payer's `prefers-color-scheme`, followed live). */
const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** Never a stack or a URL from the merchant: the checkout serves `inter` and `lora` itself. */
const FONT_FAMILIES = ['system', 'humanist', 'rounded', 'serif', 'inter', 'lora'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** What keeps the checkout usable at 360 px (a rem is 16 px). */
const LENGTH_BOUNDS_PX = { borderRadius: [0, 24], spacingUnit: [2, 8] } as const;

const LENGTH = /^(\d{1,3}(?:\.\d{1,4})?)(px|rem)$/;

export function lengthInPx(text: string): number | undefined {
  const match = LENGTH.exec(text.trim());
  return match ? Number(match[1]) * (match[2] == 'rem' ? 16 : 1) : undefined;
}

type Rule = typeof colourMatch | readonly string[] | readonly number[];

const VARIABLES: Record<string, Rule> = {
  colorPrimary: colourMatch,
  colorBackground: colourMatch,
  colorText: colourMatch,
  colorDanger: colourMatch,
  ...LENGTH_BOUNDS_PX,
  fontFamily: FONT_FAMILIES,
};
const KEYS: Record<string, Rule | typeof VARIABLES> = { theme: THEMES, variables: VARIABLES };

function ruleBroken(rule: Rule, text: string): string | undefined {
  if (typeof rule == 'function') return rule(text) ? undefined : 'a colour in hex (#0a5cc2), rgb() or hsl()';
  const [min = 0, max = 0] = rule;
  if (typeof min == 'string') return rule.includes(text as never) ? undefined : 'one of ' + rule.join(', ');
  const px = lengthInPx(text) ?? -1;
  return px >= min && px <= Number(max) ? undefined : `a length from ${min}px to ${max}px, in px or rem`;
}

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

/** One rule for the loader, the widget and AppearanceSchema; small enough for the loader's budget, where valibot is not. */
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
  /** One of the checkout's own families: `system`, `humanist`, `rounded`, `serif`, `inter` or `lora`. */
  fontFamily?: FontFamily | undefined;
}

/** `appearance` of open(), the React components and the pay buttons' data attributes (PRODUCT.md). */
export interface Appearance {
  /** `light`, `dark`, or `auto` (follows the payer's `prefers-color-scheme`); `light` when left out. */
  theme?: Theme | undefined;
  /** Colours, lengths and font; each left out keeps the merchant's stored brand or the default. */
  variables?: AppearanceVariables | undefined;
}

const AppearanceSchema = v.pipe(
  v.unknown(),
  v.check((value) => appearanceProblem(value) === undefined, (issue) => appearanceProblem(issue.input) ?? 'appearance is not valid'),
  v.transform((value) => value as Appearance),
);

/** A bad appearance is ignored as a whole. */
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
