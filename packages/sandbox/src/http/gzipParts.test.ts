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
