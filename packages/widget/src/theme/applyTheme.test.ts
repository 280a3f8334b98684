import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { themePalette } from '@pasarela/core';
import { addServedFont, applyTheme } from './applyTheme';
import { startTheme } from './startTheme';

const css = (name: string) => readFileSync(join(process.cwd(), 'packages/widget/src', name), 'utf8');

describe('the widget\'s styles', () => {
  it('declare the built-in light palette core computes, in :root', () => {
    const root = /:root \{([^}]*)\}/.exec(css('styles.css'))?.[1] ?? '';
    for (const [name, value] of Object.entries(themePalette(undefined, undefined, false).variables)) {
      if (name != 'font') expect(root, `--${name}`).toContain(`--${name}: ${value};`);
    }
  });

  it('hold no colour of their own outside :root but the marks of the methods and card brands', () => {
    for (const file of ['styles.css', 'styles.later.css']) {
      const rules = css(file)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/:root \{[^}]*\}/, '')
        .replace(/\.(method|card)-mark[\w-]* \{[^}]*\}/g, '');
      expect(rules.match(/#[0-9a-f]{3,8}\b|rgba?\(|hsla?\(|\b(white|black)\b(?!-space)/gi), file).toBeNull();
    }
  });
});

describe('applyTheme', () => {
  const root = () => {
    const set = new Map<string, string>();
    return { style: { setProperty: (n: string, v: string) => set.set(n, v), colorScheme: '' }, set } as unknown as HTMLElement & { set: Map<string, string> };
  };

  it('puts the palette on the root and follows the payer\'s scheme live with auto', () => {
    const el = root();
    let change = () => {};
    const query = { matches: false, addEventListener: (_: string, listener: () => void) => (change = listener) };
    applyTheme(el, { theme: 'auto' }, query as unknown as MediaQueryList, () => {});
    expect(el.set.get('--paper')).toBe('#ffffff');
    query.matches = true;
    change();
    expect(el.set.get('--paper')).toBe('#11151d');
    expect(el.style.colorScheme).toBe('dark');
  });

  it('reports each moved colour once, and the stored brand colour when open() gave none', () => {
    const onMoved = vi.fn();
    const el = root();
    const theme = applyTheme(el, { theme: 'light' }, null, onMoved);
    expect(onMoved).not.toHaveBeenCalled();
    theme.setBrandColour('#ffd400');
    theme.setBrandColour('#ffd400');
    expect(onMoved).toHaveBeenCalledTimes(1);
    const warnings: string[] = onMoved.mock.calls[0]?.[0];
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^the merchant's stored brand colour #\w{6} has a contrast of [\d.]+:1 against the checkout's \S+, and WCAG 2\.2 AA needs [\d.]+:1: the checkout draws its brand in #\w{6} instead$/);
    expect(warnings[1]).toContain('draws its brand-dark in');
    expect(el.set.get('--brand')).not.toBe('#ffd400');
  });
});

describe('startTheme', () => {
  const fakeTheme = () => ({ setBrandColour: vi.fn() });

  it('loads nothing for a merchant with no look of its own', async () => {
    const load = vi.fn(async () => fakeTheme());
    const control = startTheme(new URLSearchParams('type=lk&code=X'), () => {}, load);
    await control.ready;
    control.setBrandColour(undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the theme for ?appearance= before the app renders, and once for a stored brand colour', async () => {
    const theme = fakeTheme();
    const load = vi.fn(async () => theme);
    const control = startTheme(new URLSearchParams('appearance=%7B%7D'), () => {}, load);
    await control.ready;
    control.setBrandColour('#6f4e37');
    await vi.waitFor(() => expect(theme.setBrandColour).toHaveBeenCalledWith('#6f4e37'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with the merchant\'s palette already in the page, nothing waits for the theme: it loads once the form is up', async () => {
    const theme = fakeTheme();
    let loaded: (t: typeof theme) => void = () => {};
    const load = vi.fn(() => new Promise<typeof theme>((resolve) => (loaded = resolve)));
    const control = startTheme(new URLSearchParams('appearance=%7B%7D'), () => {}, load, '#6f4e37');
    await control.ready;
    await control.setBrandColour('#6f4e37');
    expect(theme.setBrandColour).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    loaded(theme);
    // The chunk paints what the page shows, then follows the payer's colour scheme.
    await vi.waitFor(() => expect(theme.setBrandColour).toHaveBeenCalledWith('#6f4e37'));
  });

  it('a brand colour the page was not made for is painted by the theme', async () => {
    const theme = fakeTheme();
    const load = vi.fn(async () => theme);
    await startTheme(new URLSearchParams(''), () => {}, load, '').setBrandColour('#0e6e5c');
    expect(theme.setBrandColour).toHaveBeenCalledWith('#0e6e5c');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a stored brand colour alone loads it too', async () => {
    const theme = fakeTheme();
    const load = vi.fn(async () => theme);
    startTheme(new URLSearchParams(''), () => {}, load).setBrandColour('#6f4e37');
    await vi.waitFor(() => expect(theme.setBrandColour).toHaveBeenCalledWith('#6f4e37'));
  });
});

// Issue 48: "a short list of families the checkout serves itself; never a font URL from the merchant".
describe('addServedFont', () => {
  class FakeFontFace {
    constructor(public family: string, public source: string, public descriptors: FontFaceDescriptors) {}
  }
  it.each<[string | undefined, string[]]>([
    ['inter', ['Inter 400 /fonts/inter/5.3.0/inter-latin-400-normal.woff2', 'Inter 500 /fonts/inter/5.3.0/inter-latin-500-normal.woff2', 'Inter 600 /fonts/inter/5.3.0/inter-latin-600-normal.woff2', 'Inter 700 /fonts/inter/5.3.0/inter-latin-700-normal.woff2']],
    ['lora', ['Lora 400 /fonts/lora/5.3.0/lora-latin-400-normal.woff2', 'Lora 500 /fonts/lora/5.3.0/lora-latin-500-normal.woff2', 'Lora 600 /fonts/lora/5.3.0/lora-latin-600-normal.woff2', 'Lora 700 /fonts/lora/5.3.0/lora-latin-700-normal.woff2']],
    ['system', []],
    ['serif', []],
    [undefined, []],
    ['toString', []],
  ])('%s adds %j from the checkout origin', (family, added) => {
    vi.stubGlobal('FontFace', FakeFontFace);
    const faces: FakeFontFace[] = [];
    addServedFont(family, { add: (face) => (faces.push(face as unknown as FakeFontFace), undefined as unknown as FontFaceSet) });
    vi.unstubAllGlobals();
    expect(faces.map((f) => `${f.family} ${f.descriptors.weight} ${/url\((.*?)\)/.exec(f.source)?.[1]}`)).toEqual(added);
  });
});
