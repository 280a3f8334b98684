import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../ops/logger';
import { PRERENDER_LIMIT_MS, widgetPrerender } from './prerender';

const input = { url: 'http://127.0.0.1/pf/widget?type=lk&code=A', config: {}, lang: 'es' as const, entries: {}, answers: [] };
let dist: string | undefined;

afterEach(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
  dist = undefined;
});

/** A widget build whose server entry draws `<p>drawn</p>` after `ms`. */
async function widgetDistDrawingIn(ms: number): Promise<string> {
  dist = await mkdtemp(join(tmpdir(), 'prerender-'));
  await mkdir(join(dist, 'server'));
  await writeFile(join(dist, 'server', 'prerender.mjs'), `export async function prerenderFirstScreen() { await new Promise((r) => setTimeout(r, ${ms})); return { html: '<p>drawn</p>', texts: {} }; }\n`);
  return dist;
}

describe('the first screen drawn into a widget page', () => {
  it('is drawn within its limit, and nothing is logged', async () => {
    let log = '';
    const prerender = widgetPrerender(await widgetDistDrawingIn(0), createLogger('info', { write: (line: string) => void (log += line) }));
    expect(await prerender(input)).toEqual({ html: '<p>drawn</p>', texts: {} });
    expect(log).toBe('');
  });

  it('past its limit the page goes without it, and the log says so with the page', async () => {
    let log = '';
    const prerender = widgetPrerender(await widgetDistDrawingIn(PRERENDER_LIMIT_MS + 300), createLogger('info', { write: (line: string) => void (log += line) }));
    expect(await prerender(input)).toBeNull();
    expect(JSON.parse(log)).toMatchObject({ level: 30, path: '/pf/widget', limitMs: PRERENDER_LIMIT_MS, msg: 'widget prerender ran past its limit: the page goes without it' });
  });
});
