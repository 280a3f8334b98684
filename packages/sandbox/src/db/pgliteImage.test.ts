import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase, type PgliteDatabase } from './pgliteDatabase';
import { pgliteImageOfDump, type PgliteImage } from './pgliteImage';

let source: PgliteDatabase;
let dump: Uint8Array;
let image: PgliteImage;
beforeAll(async () => {
  source = await openPgliteDatabase(undefined, 'pasarela/image-source');
  await source.exec(`create table notes (id serial primary key, body text not null); insert into notes (body) values ('first'), ('second');`);
  // A Buffer, as readFile gives the suites' dump: its slice() is a view, not a copy.
  dump = Buffer.from(await (await source.dumpDataDir()).arrayBuffer());
  image = pgliteImageOfDump(dump);
});
afterAll(() => source.close());

describe('a database started from an image', () => {
  it('has the dumped rows, and its own copy of them: what one database writes, another from the same image does not see', async () => {
    const first = await openPgliteDatabase(undefined, 'pasarela/image-1', image);
    const second = await openPgliteDatabase(undefined, 'pasarela/image-2', image);
    try {
      expect(await first.query('select body from notes order by id')).toEqual([{ body: 'first' }, { body: 'second' }]);
      await first.query(`insert into notes (body) values ('only in the first')`);
      await first.query(`update notes set body = 'changed' where id = 1`);
      await first.exec('checkpoint');
      expect(await second.query('select body from notes order by id')).toEqual([{ body: 'first' }, { body: 'second' }]);
      const third = await openPgliteDatabase(undefined, 'pasarela/image-3', image);
      expect(await third.query('select body from notes order by id')).toEqual([{ body: 'first' }, { body: 'second' }]);
      await third.close();
      expect(await first.query('select body from notes order by id')).toEqual([{ body: 'changed' }, { body: 'second' }, { body: 'only in the first' }]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('holds every file and directory of the dump, and reads none of its bytes twice', () => {
    expect(image.files.some((f) => f.path === 'PG_VERSION')).toBe(true);
    expect(image.directories).toContain('base');
    expect(image.files.every((f) => f.data.buffer === dump.buffer)).toBe(true);
    const bytes = image.files.reduce((sum, f) => sum + f.data.length, 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(dump.length);
  });

  it('is for in-memory databases only', async () => {
    await expect(openPgliteDatabase('/tmp/never-made', 'pasarela/image-dir', image)).rejects.toThrow(/in-memory databases only/);
  });
});

describe('pgliteImageOfDump refuses what is not a PGlite dump', () => {
  const header = (name: string, size: number, type: string, magic = 'ustar') => {
    const block = new Uint8Array(512);
    const put = (offset: number, text: string) => block.set(new TextEncoder().encode(text), offset);
    put(0, name);
    put(124, size.toString(8).padStart(11, '0'));
    put(156, type);
    put(257, magic);
    return block;
  };
  const join = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0) + 1024);
    let offset = 0;
    for (const p of parts) {
      out.set(p, offset);
      offset += p.length;
    }
    return out;
  };
  it.each([
    ['text that is no archive', new TextEncoder().encode('x'.repeat(2048)), /no ustar header/],
    ['an archive without PG_VERSION', join(header('base', 0, '5')), /no PG_VERSION/],
    ['a file running past the end', join(header('PG_VERSION', 4096, '0')).subarray(0, 1024), /bad size for PG_VERSION/],
    ['a link', join(header('PG_VERSION', 0, '0'), header('pg_wal/link', 0, '2')), /neither a file nor a directory/],
  ])('%s', (_name, bytes, message) => {
    expect(() => pgliteImageOfDump(bytes)).toThrow(message);
  });

  it('an archive of PG_VERSION alone is read as that one file', () => {
    const data = new TextEncoder().encode('17\n');
    const block = new Uint8Array(512);
    block.set(data);
    const archive = join(header('/PG_VERSION', data.length, '0'), block);
    expect(pgliteImageOfDump(archive)).toEqual({ directories: [], files: [{ path: 'PG_VERSION', data: expect.any(Uint8Array) }] });
    expect(new TextDecoder().decode(pgliteImageOfDump(archive).files[0]!.data)).toBe('17\n');
  });
});
