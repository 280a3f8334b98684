import * as v from 'valibot';
import { isColour } from './colour';

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

const colour = (name: string) =>
  v.optional(v.pipe(v.string(`${VARIABLES + name} must be a string`), v.check(isColour, `${VARIABLES + name} must be a colour in hex (#0a5cc2), rgb() or hsl()`)));

const length = (name: LengthVariable) => {
  const [min, max] = LENGTH_BOUNDS_PX[name];
  const within = (px: number | undefined) => px !== undefined && px >= min && px <= max;
  return v.optional(
    v.pipe(v.string(`${VARIABLES + name} must be a string`), v.check((text) => within(lengthInPx(text)), `${VARIABLES + name} must be a length from ${min}px to ${max}px (or ${min / 16}rem to ${max / 16}rem)`)),
  );
};

const FONT_NAMES = Object.keys(FONT_STACKS) as FontFamily[];
const VARIABLE_NAMES = 'colorPrimary, colorBackground, colorText, colorDanger, borderRadius, spacingUnit, fontFamily';
/** strictObject's two issues: not an object at all, or a key it does not take. */
const isTypeIssue = (issue: v.BaseIssue<unknown>) => issue.expected != 'never';

/** `appearance` of open(), the React components and the pay buttons' data attributes (PRODUCT.md). */
export const AppearanceSchema = v.strictObject(
  {
    theme: v.optional(v.picklist(THEMES, `appearance.theme must be ${THEMES.join(', ')}`)),
    variables: v.optional(
      v.strictObject(
        {
          colorPrimary: colour('colorPrimary'),
          colorBackground: colour('colorBackground'),
          colorText: colour('colorText'),
          colorDanger: colour('colorDanger'),
          borderRadius: length('borderRadius'),
          spacingUnit: length('spacingUnit'),
          fontFamily: v.optional(v.picklist(FONT_NAMES, `${VARIABLES}fontFamily must be one of ${FONT_NAMES.join(', ')}`)),
        },
        (issue) => (isTypeIssue(issue) ? 'appearance.variables must be an object' : `appearance.variables has no ${String(issue.input)}: it takes ${VARIABLE_NAMES}`),
      ),
    ),
  },
  (issue) => (isTypeIssue(issue) ? 'appearance must be an object' : `appearance has no ${String(issue.input)}: it takes theme and variables`),
);

export type Appearance = v.InferOutput<typeof AppearanceSchema>;
export type AppearanceVariables = NonNullable<Appearance['variables']>;

/**
 * What is wrong with an `appearance` value, as one sentence naming the variable, or undefined when
 * it is good. The loader throws it as a TypeError before any iframe exists.
 */
export function appearanceProblem(value: unknown): string | undefined {
  const result = v.safeParse(AppearanceSchema, value);
  if (result.success) return undefined;
  const [issue] = result.issues;
  return isTypeIssue(issue) ? issue.message + ', got ' + JSON.stringify(issue.input) : issue.message;
}
