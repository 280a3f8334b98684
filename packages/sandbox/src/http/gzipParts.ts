import { constants, crc32, deflateRawSync } from 'node:zlib';

// One gzip body made of two parts compressed apart: a start that is the same for many responses
// (the widget page up to its root), compressed once, and a rest compressed per response. The start's
// deflate blocks end on a full flush (byte-aligned), so the rest's blocks carry on the same stream;
// the rest's compressor gets the start as its dictionary, as the decompressor has it in its window,
// so the rest may refer back to it (the first screen's markup repeats the style sheet's class
// names). The trailer's CRC-32 continues from the start's.

/** gzip's member header: deflate, no name or time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

export interface GzipStart {
  /** The header and the start's deflate blocks, none of them final. */
  bytes: Buffer;
  crc: number;
  length: number;
  /** The start's last 32 KiB (deflate's window): the rest's dictionary. */
  window: Buffer;
}

export function gzipStart(text: string): GzipStart {
  const raw = Buffer.from(text, 'utf8');
  return {
    bytes: Buffer.concat([GZIP_HEADER, deflateRawSync(raw, { level: 9, finishFlush: constants.Z_FULL_FLUSH })]),
    crc: crc32(raw),
    length: raw.length,
    window: raw.subarray(Math.max(0, raw.length - 32 * 1024)),
  };
}

/** What follows `start` to end the body: the rest's deflate blocks, then the CRC-32 and length of the whole. */
export function gzipRest(start: GzipStart, text: string): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(raw, start.crc) >>> 0, 0);
  trailer.writeUInt32LE((start.length + raw.length) % 2 ** 32, 4);
  return Buffer.concat([deflateRawSync(raw, { level: 9, dictionary: start.window }), trailer]);
}
