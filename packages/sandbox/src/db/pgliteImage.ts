import type { PGlite } from '@electric-sql/pglite';
import { EmscriptenBuiltinFilesystem } from '@electric-sql/pglite/basefs';

/**
 * A PGlite data directory held in memory, read once from a dump (dumpDataDir's uncompressed tar),
 * that any number of in-memory databases start from: the test suites open a hundred or so from one
 * migrated and seeded database. PGlite's own `loadDataDir` reads its Blob into a new buffer, parses
 * the tar into another and copies each file a third time, looking every directory up for each file,
 * on every database (about 0.3 CPU-s of the 0.9 an open took with the 42 MB dump); from an image,
 * each file is copied once, straight into the new database's file system.
 */
export interface PgliteImage {
  /** Directories, parents first, relative to the data directory. */
  readonly directories: readonly string[];
  /** Regular files, relative to the data directory; their bytes are views of the dump. */
  readonly files: readonly { readonly path: string; readonly data: Uint8Array }[];
}

const BLOCK = 512;
const decoder = new TextDecoder();

/** The image of a dump: the entries of a ustar archive, as PGlite's dumpDataDir('none') writes it. */
export function pgliteImageOfDump(dump: Uint8Array): PgliteImage {
  const directories: string[] = [];
  const files: { path: string; data: Uint8Array }[] = [];
  const text = (offset: number, length: number) => {
    const value = decoder.decode(dump.subarray(offset, offset + length));
    const end = value.indexOf('\0');
    return end >= 0 ? value.slice(0, end) : value;
  };
  let offset = 0;
  while (offset + BLOCK <= dump.length && dump[offset] !== 0) {
    if (text(offset + 257, 5) !== 'ustar') throw new Error(`Not a PGlite dump: no ustar header at byte ${offset}`);
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(dump[offset + 156] ?? 0);
    const prefix = text(offset + 345, 155);
    const path = `${prefix ? `${prefix}/` : ''}${text(offset, 100)}`.replace(/^\/+|\/+$/g, '');
    if (!Number.isInteger(size) || size < 0 || offset + BLOCK + size > dump.length) throw new Error(`Not a PGlite dump: bad size for ${path}`);
    if (type === '5') {
      if (path) directories.push(path);
    } else if (type === '0' || type === '\0') {
      files.push({ path, data: dump.subarray(offset + BLOCK, offset + BLOCK + size) });
    } else {
      throw new Error(`Not a PGlite dump: ${path} is neither a file nor a directory (type ${type})`);
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!files.some((f) => f.path === 'PG_VERSION')) throw new Error('Not a PGlite dump: no PG_VERSION');
  return { directories, files };
}

/** Where PGlite keeps its data directory in its in-memory file system. */
export const PGLITE_DATA_DIRECTORY = '/pglite/data';

/**
 * PGlite's in-memory file system with an image's files put in its data directory before PostgreSQL
 * starts, so PGlite finds a cluster there and opens it instead of running initdb.
 */
export class PgliteImageFilesystem extends EmscriptenBuiltinFilesystem {
  readonly #image: PgliteImage;

  constructor(image: PgliteImage) {
    super();
    this.#image = image;
  }

  override async init(pg: PGlite, emscriptenOptions: Parameters<EmscriptenBuiltinFilesystem['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const writeImage = (mod: { FS: { mkdirTree(path: string): void; writeFile(path: string, data: Uint8Array, options: { canOwn: boolean }): void } }) => {
      mod.FS.mkdirTree(PGLITE_DATA_DIRECTORY);
      for (const dir of this.#image.directories) mod.FS.mkdirTree(`${PGLITE_DATA_DIRECTORY}/${dir}`);
      // Each database gets its own copy of every file, which its file system then owns. (Left to
      // itself, MEMFS "copies" with the array's slice(), which on a Node Buffer is a view.)
      for (const file of this.#image.files) mod.FS.writeFile(`${PGLITE_DATA_DIRECTORY}/${file.path}`, Uint8Array.prototype.slice.call(file.data), { canOwn: true });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), writeImage] } };
  }
}
