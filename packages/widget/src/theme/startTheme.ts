import type { MovedColour } from '@pasarela/core';
import type { Theme } from './applyTheme';

export interface ThemeControl {
  /** Settled once the merchant's appearance is on the page (at once when there is none). */
  ready: Promise<void>;
  /**
   * The merchant's stored brand colour (`brand.colorPrimary`), once the merchant is loaded: the
   * default for `colorPrimary`, which open()'s appearance overrides. Settles once it is painted.
   */
  setBrandColour(colour: string | undefined): Promise<void>;
}

type ApplyTheme = () => Promise<Theme>;

/**
 * The theme's chunk loads only for a merchant with a look of its own: `?appearance=` at start, or a
 * stored brand colour later. Without either the page keeps styles.css's built-in palette.
 */
export function startTheme(params: URLSearchParams, onMoved: (moved: MovedColour[]) => void, load: ApplyTheme = defaultLoad(params, onMoved)): ThemeControl {
  let theme: Promise<Theme> | undefined;
  const applied = () => (theme ??= load());
  return {
    ready: params.has('appearance') ? applied().then(() => undefined, () => undefined) : Promise.resolve(),
    async setBrandColour(colour) {
      if (colour || theme) await applied().then((t) => t.setBrandColour(colour), () => undefined);
    },
  };
}

const defaultLoad = (params: URLSearchParams, onMoved: (moved: MovedColour[]) => void): ApplyTheme => () =>
  import('./applyTheme').then(({ applyTheme, appearanceFrom }) =>
    applyTheme(document.documentElement, appearanceFrom(params), window.matchMedia?.('(prefers-color-scheme: dark)') ?? null, onMoved),
  );
