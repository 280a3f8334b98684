import { afterFirstScreen } from '../services/afterFirstScreen';
import type { BrandColour } from '../services/services';
import type { Theme } from './applyTheme';

interface ThemeControl extends BrandColour {
  ready: Promise<void>;
}

type ApplyTheme = () => Promise<Theme>;

const pagePaletteBrand = (): string | undefined => globalThis.document?.getElementById('pasarela-palette')?.dataset['brand'];

/** Only for a merchant with a look of its own; when the page carries the palette, the chunk loads once the form is up. */
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
