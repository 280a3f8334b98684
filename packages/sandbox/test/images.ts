import { crc32, deflateSync } from 'node:zlib';

// Small real images for the logo tests, made here rather than kept as binary files.

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A width x height PNG: a disc of `fg` on `bg` (RGB, 8 bits), as browsers decode it. */
export function pngImage(width: number, height: number, fg: readonly [number, number, number] = [107, 62, 38], bg: readonly [number, number, number] = [243, 235, 224]): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  const r = Math.min(width, height) / 2 - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = (x - width / 2 + 0.5) ** 2 + (y - height / 2 + 0.5) ** 2 <= r * r;
      rows.set(inside ? fg : bg, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png);
}

/** The header of a baseline JPEG of that size (SOI, JFIF, SOF0) and an end: what the logo check reads. */
export function jpegImage(width: number, height: number): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
}

/** A lossless WebP's header of that size (RIFF, VP8L): what the logo check reads. */
export function webpImage(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  const vp8l = Buffer.from([0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'ascii'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([riff, body]));
}
