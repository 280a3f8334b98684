import { constants, crc32, deflateRawSync } from 'node:zlib';

// One gzip body made of two parts compressed apart: a start that is the same for many responses
// (the widget page up to its root), compressed once, and a rest compressed per response. The start's
// deflate blocks end on a full flush (byte-aligned, no reference beyond it), so the rest's blocks,
// from a fresh compressor, carry on the same stream; the trailer's CRC-32 continues from the start's.

/** gzip's member header: deflate, no name or time, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

export interface GzipStart {
  /** The header and the start's deflate blocks, none of them final. */
  bytes: Buffer;
  crc: number;
  length: number;
}

export function gzipStart(text: string): GzipStart {
  const raw = Buffer.from(text, 'utf8');
  return {
    bytes: Buffer.concat([GZIP_HEADER, deflateRawSync(raw, { level: 9, finishFlush: constants.Z_FULL_FLUSH })]),
    crc: crc32(raw),
    length: raw.length,
  };
}

/** What follows `start` to end the body: the rest's deflate blocks, then the CRC-32 and length of the whole. */
export function gzipRest(start: GzipStart, text: string): Buffer {
  const raw = Buffer.from(text, 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(raw, start.crc) >>> 0, 0);
  trailer.writeUInt32LE((start.length + raw.length) % 2 ** 32, 4);
  return Buffer.concat([deflateRawSync(raw, { level: 9 }), trailer]);
}
