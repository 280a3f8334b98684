import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARD_BRANDS, PAYMENT_METHOD_IDS, themePalette } from '@pasarela/core';
import { render, settle } from '../../testing/render';
import { MethodMark } from './MethodMark';
import { CardMark, knownCardBrand } from './CardMark';
import { CARD_BRAND_SVGS, METHOD_GLYPHS } from './markSvgs';

// The suite runs from the repository's root (vitest.config.ts).
const css = readFileSync(join(process.cwd(), 'packages/widget/src/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of `selector`'s own rule in styles.css. */
function ruleOf(selector: string): string {
  const at = css.indexOf(`\n${selector} {`);
  if (at < 0) return '';
  return css.slice(css.indexOf('{', at) + 1, css.indexOf('}', at));
}

/** WCAG 2.2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

let unmount: (() => unknown) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

describe('every payment method has its mark (PRODUCT.md "Method choice": Tarjeta, Nequi, Yappy, Clave, Efectivo, Cripto, Saldo)', () => {
  it.each(PAYMENT_METHOD_IDS)('%s: a decorative tile mark, its pictogram loaded lazily, hidden from the radio\'s accessible name', async (id) => {
    const view = await render(<MethodMark id={id} />);
    unmount = view.unmount;
    await settle();
    const mark = view.container.firstElementChild;
    expect(mark?.className).toBe(`method-mark method-mark--${id}`);
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    expect(mark?.textContent).toBe('');
    const svg = mark?.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.querySelectorAll('path, rect, circle').length).toBeGreaterThan(0);
  });

  it.each(PAYMENT_METHOD_IDS)('%s: drawn in white on a fixed colour it contrasts with in every theme', (id) => {
    expect(typeof METHOD_GLYPHS[id]).toBe('function');
    const colour = /^\s*background: (#[0-9a-f]{6});\s*$/.exec(ruleOf(`.method-mark--${id}`))?.[1];
    expect(colour, `styles.css .method-mark--${id} has a colour of its own`).toBeDefined();
    // Fixed: neither the theme's nor the merchant's variables can take the contrast away.
    expect(ruleOf('.method-mark')).toContain('color: #fff;');
    expect(ruleOf('.method-mark svg')).toContain('stroke: currentColor;');
    // Non-text contrast (WCAG 1.4.11): 3:1 at least.
    expect(contrast('#ffffff', colour ?? '#ffffff')).toBeGreaterThanOrEqual(3);
  });
});

describe('every method mark stands out from its tile in every theme (WCAG 1.4.11 non-text contrast, 3:1)', () => {
  // The tile is the page's paper, or its brand wash once chosen (styles.css .method-option--chosen),
  // in the built-in light and dark themes, with the default brand and with the demo merchant's brown.
  const themes = [
    ['light', themePalette({ theme: 'light' }, undefined, false)],
    ['dark', themePalette({ theme: 'dark' }, undefined, true)],
    ['auto, payer in dark', themePalette({ theme: 'auto' }, undefined, true)],
    ['light, brown brand', themePalette({ theme: 'light' }, '#6b3e26', false)],
    ['dark, brown brand', themePalette({ theme: 'dark' }, '#6b3e26', true)],
  ] as const;
  const cases = PAYMENT_METHOD_IDS.flatMap((id) => themes.flatMap(([theme, palette]) => (['paper', 'brand-wash'] as const).map((tile) => [id, theme, tile, palette.variables[tile]] as const)));

  it.each(cases)('%s on the %s theme\'s %s tile (%s)', (id, _theme, _tile, ground) => {
    const colour = /^\s*background: (#[0-9a-f]{6});\s*$/.exec(ruleOf(`.method-mark--${id}`))?.[1] ?? '';
    expect(contrast(colour, ground)).toBeGreaterThanOrEqual(3);
  });

  it('the chosen tile is the brand wash the cases assume', () => {
    expect(ruleOf('.method-option--chosen')).toContain('background: var(--brand-wash);');
  });
});

describe('every card brand has its mark (SPEC 5: VISA, MC, AMEX)', () => {
  it.each(CARD_BRANDS)('%s: its drawing, in its own colours', async (brand) => {
    const view = await render(CARD_BRAND_SVGS[brand]());
    unmount = view.unmount;
    const svg = view.container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    const paths = [...(svg?.querySelectorAll('path') ?? [])];
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      expect(path.getAttribute('fill')).toMatch(/^#[0-9a-f]{6}$/);
      expect(path.getAttribute('d')?.length ?? 0).toBeGreaterThan(50);
    }
  });

  it.each(CARD_BRANDS)('%s: the chip loads its drawing lazily and stays decorative', async (brand) => {
    const view = await render(<CardMark brand={brand} />);
    unmount = view.unmount;
    await settle();
    const chip = view.container.firstElementChild;
    expect(chip?.className).toBe(`card-mark card-mark--${brand.toLowerCase()}`);
    expect(chip?.getAttribute('aria-hidden')).toBe('true');
    expect(chip?.querySelector('svg')).not.toBeNull();
    expect(ruleOf('.card-mark')).toContain('background: #fff;');
  });

  it('names a mark only for the brands it knows', () => {
    expect(CARD_BRANDS.map(knownCardBrand)).toEqual([...CARD_BRANDS]);
    expect([null, undefined, '', 'visa', 'DINERS'].map(knownCardBrand)).toEqual([null, null, null, null, null]);
  });
});
