import { afterFirstScreen } from '../services/afterFirstScreen';
import type { Theme } from './applyTheme';

export interface ThemeControl {
  /** Settled once the merchant's appearance is on the page (at once when there is none, or the page carries it). */
  ready: Promise<void>;
  /**
   * The merchant's stored brand colour (`brand.colorPrimary`), once the merchant is loaded: the
   * default for `colorPrimary`, which open()'s appearance overrides. Settles once it is painted.
   */
  setBrandColour(colour: string | undefined): Promise<void>;
}

type ApplyTheme = () => Promise<Theme>;

/** The brand colour the page's own palette was made for ('' for none), or undefined when the page carries none (sandbox pagePalette.ts). */
const pagePaletteBrand = (): string | undefined => globalThis.document?.getElementById('pasarela-palette')?.dataset['brand'];

/**
 * The theme's chunk loads only for a merchant with a look of its own: `?appearance=` at start, or a
 * stored brand colour later. Without either the page keeps styles.css's built-in palette. When the
 * page already carries the merchant's palette, nothing waits for the chunk: it loads once the form
 * is up, to follow the payer's colour scheme and report the colours moved for contrast.
 */
export function startTheme(
  params: URLSearchParams,
  onMoved: (warnings: string[]) => void,
  load: ApplyTheme = defaultLoad(params, onMoved),
  pageBrand: string | undefined = pagePaletteBrand(),
): ThemeControl {
  let theme: Promise<Theme> | undefined;
  let brand: string | undefined;
  const applied = () =>
    (theme ??= load().then((t) => {
      if (brand) t.setBrandColour(brand);
      return t;
    }));
  const inPage = pageBrand !== undefined;
  // The second idle moment: after the captcha and the rest of what the form itself needs have started.
  if (inPage && (params.has('appearance') || pageBrand)) void afterFirstScreen().then(afterFirstScreen).then(applied).catch(() => undefined);
  return {
    ready: params.has('appearance') && !inPage ? applied().then(() => undefined, () => undefined) : Promise.resolve(),
    async setBrandColour(colour) {
      brand = colour;
      if (inPage && (colour ?? '') === pageBrand) return;
      if (colour || theme) await applied().then((t) => t.setBrandColour(colour), () => undefined);
    },
  };
}

const defaultLoad = (params: URLSearchParams, onMoved: (warnings: string[]) => void): ApplyTheme => () =>
  import('./applyTheme').then(({ applyTheme, appearanceParam }) =>
    applyTheme(document.documentElement, appearanceParam(params), window.matchMedia?.('(prefers-color-scheme: dark)') ?? null, onMoved),
  );
