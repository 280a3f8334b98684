import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipRest, gzipStart } from './gzipParts';

describe('gzipStart + gzipRest: one gzip body from a start compressed once and a rest per response', () => {
  const head = `<!doctype html><html><head><style>${'body{margin:0}.field{display:grid}'.repeat(200)}</style></head><body>`;

  it.each([
    ['a short rest', '<div id="root"></div></body></html>'],
    ['a rest that repeats the start', `${head.slice(20, 4000)}</body></html>`],
    ['non-ASCII text', '<p>Tienda Demo Panamá · ¡Gracias! 💳</p></body></html>'],
    ['an empty rest', ''],
  ])('decodes to the start and the rest: %s', (_what, rest) => {
    const start = gzipStart(head);
    expect(gunzipSync(Buffer.concat([start.bytes, gzipRest(start, rest)])).toString('utf8')).toBe(head + rest);
  });

  it('serves many responses from one start', () => {
    const start = gzipStart(head);
    for (const rest of ['one</body>', 'two</body>', 'three</body>']) {
      expect(gunzipSync(Buffer.concat([start.bytes, gzipRest(start, rest)])).toString('utf8')).toBe(head + rest);
    }
  });
});

describe('the rest refers back to the start', () => {
  it('compresses a rest that repeats the start to less than on its own', async () => {
    const { deflateRawSync } = await import('node:zlib');
    const head = `<style>${Array.from({ length: 300 }, (_, i) => `.method-option--n${i}{color:#${(i * 4099).toString(16).padStart(6, '0')}}`).join('')}</style>`;
    const rest = Array.from({ length: 300 }, (_, i) => `<label class="method-option--n${(i * 7) % 300}">x</label>`).join('');
    const start = gzipStart(head);
    const part = gzipRest(start, rest);
    expect(gunzipSync(Buffer.concat([start.bytes, part])).toString('utf8')).toBe(head + rest);
    expect(part.length - 8).toBeLessThan(deflateRawSync(Buffer.from(rest), { level: 9 }).length);
  });
});
