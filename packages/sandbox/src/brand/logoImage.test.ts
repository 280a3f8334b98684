import { describe, expect, it } from 'vitest';
import { jpegImage, pngImage, webpImage } from '../../test/images';
import { LOGO_MAX_BYTES, readLogoImage } from './logoImage';

// Issue 48: "a logo: an upload of PNG, JPEG or WebP with a size limit, checked ...; SVG refused".
// The type and size come from the bytes: the signature, then a parse of the header.

const bytes = (...parts: Array<number[] | string | Uint8Array>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : [...p])));

describe('readLogoImage', () => {
  it.each([
    ['a PNG', pngImage(120, 48), 'image/png', 120, 48],
    ['a JPEG', jpegImage(300, 200), 'image/jpeg', 300, 200],
    ['a lossless WebP', webpImage(64, 2048), 'image/webp', 64, 2048],
    ['an extended WebP (VP8X)', bytes('RIFF', [22, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0], [0, 0, 0, 0], [99, 0, 0], [49, 0, 0]), 'image/webp', 100, 50],
    ['a lossy WebP (VP8)', bytes('RIFF', [22, 0, 0, 0], 'WEBPVP8 ', [10, 0, 0, 0], [0, 0, 0], [0x9d, 0x01, 0x2a], [80, 0], [40, 0]), 'image/webp', 80, 40],
  ])('takes %s', (_, image, contentType, width, height) => {
    expect(readLogoImage(image)).toEqual({ ok: true, contentType, width, height });
  });

  const png = pngImage(64, 64);
  it.each([
    ['nothing', new Uint8Array(0), 'logo_empty'],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo_type_not_allowed'],
    ['an SVG after an XML declaration and spaces', bytes('  <?xml version="1.0"?><svg/>'), 'logo_type_not_allowed'],
    ['a GIF', bytes('GIF89a', [64, 0, 64, 0]), 'logo_type_not_allowed'],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>'), 'logo_type_not_allowed'],
    ['a PNG signature over garbage', bytes(png.subarray(0, 8), 'garbage garbage garbage garbage'), 'logo_unreadable'],
    ['a PNG whose IHDR says depth 3', bytes(png.subarray(0, 24), [3], png.subarray(25)), 'logo_unreadable'],
    ['a PNG with bytes after IEND (a polyglot)', bytes(png, '<script>alert(1)</script>'), 'logo_unreadable'],
    ['a PNG cut before its end', png.subarray(0, png.length - 1), 'logo_unreadable'],
    ['a JPEG without its end', jpegImage(64, 64).subarray(0, 39), 'logo_unreadable'],
    ['a JPEG whose segment runs past the file', bytes([0xff, 0xd8, 0xff, 0xe0, 0x40, 0x00], [1, 2, 3], [0xff, 0xd9]), 'logo_unreadable'],
    ['a WebP whose RIFF size is not the file\'s', bytes(webpImage(64, 64), [0]), 'logo_unreadable'],
    ['a WebP of an unknown chunk', bytes('RIFF', [22, 0, 0, 0], 'WEBPABCD', [10, 0, 0, 0], new Uint8Array(10)), 'logo_unreadable'],
    ['a PNG of 31 px', pngImage(31, 64), 'logo_dimensions'],
    ['a WebP of 2049 px', webpImage(2049, 64), 'logo_dimensions'],
    ['a JPEG of 0 px', jpegImage(0, 64), 'logo_dimensions'],
    ['more than 512 KB', bytes(png.subarray(0, 33), new Uint8Array(LOGO_MAX_BYTES)), 'logo_too_large'],
  ])('refuses %s', (_, image, code) => {
    const result = readLogoImage(image);
    expect(result.ok ? 'accepted' : result.code).toBe(code);
    if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
  });
});
