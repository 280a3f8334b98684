import * as v from 'valibot';
import { isColourText } from './colourText';

/** `theme`: light, dark, or `auto` (the payer's `prefers-color-scheme`, followed live). */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * `fontFamily`'s choices and the font stack each sets: system stacks only, so the checkout never
 * loads a font from anywhere but the payer's device. A merchant never gives a stack or a URL.
 */
export const FONT_STACKS = {
  system: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  humanist: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
  rounded: "ui-rounded, 'Hiragino Maru Gothic ProN', Quicksand, Comfortaa, Manjari, 'Arial Rounded MT', Calibri, source-sans-pro, sans-serif",
  serif: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
} as const;
export type FontFamily = keyof typeof FONT_STACKS;

/** The lengths' bounds in px (a rem is 16 px): what keeps the checkout usable at 360 px. */
export const LENGTH_BOUNDS_PX = { borderRadius: [0, 24], spacingUnit: [2, 8] } as const;
type LengthVariable = keyof typeof LENGTH_BOUNDS_PX;

const LENGTH = /^(\d{1,3}(?:\.\d{1,4})?)(px|rem)$/;

/** A length in px, from `12px` or `0.75rem`; undefined for anything else. */
export function lengthInPx(text: string): number | undefined {
  const match = LENGTH.exec(text.trim());
  return match ? Number(match[1]) * (match[2] == 'rem' ? 16 : 1) : undefined;
}

const VARIABLES = 'appearance.variables.';
const FONT_NAMES: FontFamily[] = ['system', 'humanist', 'rounded', 'serif'];

const lengthWithin = (name: LengthVariable) => (text: string) => {
  const px = lengthInPx(text);
  const [min, max] = LENGTH_BOUNDS_PX[name];
  return px !== undefined && px >= min && px <= max;
};

const COLOUR = 'a colour in hex (#0a5cc2), rgb() or hsl()';
const LENGTH_IN = (name: LengthVariable) => {
  const [min, max] = LENGTH_BOUNDS_PX[name];
  return `a length from ${min}px to ${max}px (or ${min / 16}rem to ${max / 16}rem)`;
};

/** Each variable's check and what it must be: one table for the schema and the loader's check. */
const VARIABLE_RULES: Record<keyof AppearanceVariablesInput, [(text: string) => boolean, string]> = {
  colorPrimary: [isColourText, COLOUR],
  colorBackground: [isColourText, COLOUR],
  colorText: [isColourText, COLOUR],
  colorDanger: [isColourText, COLOUR],
  borderRadius: [lengthWithin('borderRadius'), LENGTH_IN('borderRadius')],
  spacingUnit: [lengthWithin('spacingUnit'), LENGTH_IN('spacingUnit')],
  fontFamily: [(text) => (FONT_NAMES as string[]).includes(text), 'one of ' + FONT_NAMES.join(', ')],
};

interface AppearanceVariablesInput {
  colorPrimary?: string | undefined;
  colorBackground?: string | undefined;
  colorText?: string | undefined;
  colorDanger?: string | undefined;
  borderRadius?: string | undefined;
  spacingUnit?: string | undefined;
  fontFamily?: FontFamily | undefined;
}

/** `appearance` of open(), the React components and the pay buttons' data attributes (PRODUCT.md). */
export interface Appearance {
  theme?: Theme | undefined;
  variables?: AppearanceVariablesInput | undefined;
}
export type AppearanceVariables = AppearanceVariablesInput;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value == 'object' && value !== null && !Array.isArray(value);
const got = (value: unknown) => ', got ' + JSON.stringify(value);

/**
 * What is wrong with an `appearance` value, as one sentence naming the variable, or undefined when
 * it is good. The loader throws it as a TypeError before any iframe exists; it is small enough for
 * the loader's budget, where valibot is not, and AppearanceSchema applies the same rules.
 */
export function appearanceProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'appearance must be an object' + got(value);
  for (const key in value) {
    const given = value[key];
    if (given === undefined) continue;
    if (key == 'theme') {
      if (!(THEMES as readonly unknown[]).includes(given)) return 'appearance.theme must be ' + THEMES.join(', ') + got(given);
    } else if (key == 'variables') {
      if (!isRecord(given)) return 'appearance.variables must be an object' + got(given);
      for (const name in given) {
        const text = given[name];
        const rule = VARIABLE_RULES[name as keyof AppearanceVariablesInput] as (typeof VARIABLE_RULES)[keyof AppearanceVariablesInput] | undefined;
        if (!rule) return `appearance.variables has no ${name}: it takes ${Object.keys(VARIABLE_RULES).join(', ')}`;
        if (text !== undefined && (typeof text != 'string' || !rule[0](text))) return `${VARIABLES + name} must be ${rule[1]}` + got(text);
      }
    } else return `appearance has no ${key}: it takes theme and variables`;
  }
  return undefined;
}

/** The same rules as a valibot schema, for the widget's launch parameters. */
export const AppearanceSchema = v.pipe(
  v.unknown(),
  v.check((value) => appearanceProblem(value) === undefined, (issue) => appearanceProblem(issue.input) ?? 'appearance is not valid'),
  v.transform((value) => value as Appearance),
);
