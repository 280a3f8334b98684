import * as v from 'valibot';
import { isRecord } from '../messages';
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

const FONT_NAMES: FontFamily[] = ['system', 'humanist', 'rounded', 'serif'];

const lengthWithin = (name: LengthVariable) => (text: string) => {
  const px = lengthInPx(text);
  const [min, max] = LENGTH_BOUNDS_PX[name];
  return px !== undefined && px >= min && px <= max;
};

/** A rule: the check and what the value must be, or the rules of an object's keys. */
type Rule = [(value: unknown) => boolean, string] | { [key: string]: Rule };

const textThat = (check: (text: string) => boolean) => (value: unknown) => typeof value == 'string' && check(value);
const oneOf = (list: readonly string[]): Rule => [(value) => list.includes(value as string), 'one of ' + list.join(', ')];
const colour: Rule = [textThat(isColourText), 'a colour in hex (#0a5cc2), rgb() or hsl()'];
const length = (name: LengthVariable): Rule => {
  const [min, max] = LENGTH_BOUNDS_PX[name];
  return [textThat(lengthWithin(name)), `a length from ${min}px to ${max}px (or ${min / 16}rem to ${max / 16}rem)`];
};

/** Every key `appearance` takes and its rule: the loader's check and AppearanceSchema apply the same. */
const RULES: Rule = {
  theme: oneOf(THEMES),
  variables: {
    colorPrimary: colour,
    colorBackground: colour,
    colorText: colour,
    colorDanger: colour,
    borderRadius: length('borderRadius'),
    spacingUnit: length('spacingUnit'),
    fontFamily: oneOf(FONT_NAMES),
  },
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

const got = (value: unknown) => ', got ' + JSON.stringify(value);

function problemIn(path: string, given: unknown, rule: Rule): string | undefined {
  if (Array.isArray(rule)) return rule[0](given) ? undefined : `${path} must be ${rule[1]}` + got(given);
  if (!isRecord(given) || Array.isArray(given)) return path + ' must be an object' + got(given);
  for (const key in given) {
    const inner = rule[key];
    if (!inner) return `${path} has no ${key}: it takes ${Object.keys(rule).join(', ')}`;
    const problem = given[key] === undefined ? undefined : problemIn(path + '.' + key, given[key], inner);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What is wrong with an `appearance` value, as one sentence naming the variable, or undefined when
 * it is good. The loader throws it as a TypeError before any iframe exists: it is small enough for
 * the loader's budget, where valibot is not.
 */
export const appearanceProblem = (value: unknown): string | undefined => problemIn('appearance', value, RULES);

/** The same rules as a valibot schema, for the widget's launch parameters. */
export const AppearanceSchema = v.pipe(
  v.unknown(),
  v.check((value) => appearanceProblem(value) === undefined, (issue) => appearanceProblem(issue.input) ?? 'appearance is not valid'),
  v.transform((value) => value as Appearance),
);
