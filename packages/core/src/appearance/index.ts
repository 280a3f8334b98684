export { appearanceProblem, AppearanceSchema } from './appearanceSchema';
export type { Appearance, AppearanceVariables, FontFamily, Theme } from './appearanceSchema';
export { colourContrast, readableShade, themePalette } from './palette';
export type { MovedColour, ThemePalette, PaletteColour } from './palette';
