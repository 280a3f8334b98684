import type { PGlite } from '@electric-sql/pglite';
import { EmscriptenBuiltinFilesystem } from '@electric-sql/pglite/basefs';

/**
 * A PGlite data directory held in memory, from which test databases start: PGlite's loadDataDir
 * copies every file three times per open (about 0.3 CPU-s of 0.9 with the 42 MB dump); an image, once.
 */
export interface PgliteImage {
  readonly directories: readonly string[];
  /** Views of the dump. */
  readonly files: readonly { readonly path: string; readonly data: Uint8Array }[];
}

const BLOCK = 512;
const decoder = new TextDecoder();

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

export const PGLITE_DATA_DIRECTORY = '/pglite/data';

/** Files put in place before PostgreSQL starts, so PGlite opens the cluster instead of running initdb. */
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
      // Each database owns its copy: MEMFS "copies" with slice(), which on a Node Buffer is a view.
      for (const file of this.#image.files) mod.FS.writeFile(`${PGLITE_DATA_DIRECTORY}/${file.path}`, Uint8Array.prototype.slice.call(file.data), { canOwn: true });
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), writeImage] } };
  }
}
