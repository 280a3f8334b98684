import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGETS, measureSizes } from '../scripts/sizes.mjs';

// PRODUCT.md "Quality bars": sizes are features, enforced on the built files.
describe('size budgets of what ships', () => {
  const sizes = measureSizes();

  it('loader (UMD and ESM, penpal included) is at most 6 KB min+gzip', () => {
    expect(Object.keys(sizes.loader).sort()).toEqual(['checkout.js', 'checkout.mjs']);
    expect(Object.keys(sizes.other)).toContain('packages/checkout/dist/checkout.d.ts');
    for (const file of Object.values(sizes.loader)) expect(file.gzipBytes).toBeLessThanOrEqual(BUDGETS.loaderGzipBytes);
  });

  it('widget first load up to the card form (HTML, JS, CSS) is at most 60 KB min+gzip', () => {
    expect(sizes.widget.firstLoad).not.toBeNull();
    expect(sizes.widget.firstLoad?.gzipBytes).toBeLessThanOrEqual(BUDGETS.widgetFirstLoadGzipBytes);
  });

  it('keeps phone metadata out of the first load and in a lazy chunk (PRODUCT.md: loaded lazily)', () => {
    const firstLoadFiles = sizes.widget.firstLoad?.parts.map((p) => p.file) ?? [];
    const assets = fileURLToPath(new URL('../packages/widget/dist/assets/', import.meta.url));
    const hasPhoneMetadata = (file: string) => readFileSync(`${assets}${file}`, 'utf8').includes('country_calling_codes');
    const chunks = Object.keys(sizes.widget.chunks);
    expect(chunks.filter(hasPhoneMetadata)).toHaveLength(1);
    expect(firstLoadFiles.filter((f) => chunks.includes(f) && hasPhoneMetadata(f))).toEqual([]);
  });
});
