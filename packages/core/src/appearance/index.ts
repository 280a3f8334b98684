export { appearanceParam, appearanceProblem } from './appearanceSchema';
export type { Appearance, AppearanceVariables, FontFamily, Theme } from './appearanceSchema';
export { contrastWarning, readableShade, themePalette } from './palette';
export { SERVED_FONT_WEIGHTS, SERVED_FONTS, servedFontPath } from './fontStacks';
export type { ServedFont } from './fontStacks';
export { bankPageColourCss, pageThemeOf } from './bankPageLook';
export type { PageTheme } from './bankPageLook';
