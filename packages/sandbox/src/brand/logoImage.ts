// A logo is read from its bytes alone (declared type and file name are not trusted): PNG, JPEG or WebP.
// Anything else, SVG included (it can carry scripts and links), is refused.

export const LOGO_MAX_BYTES = 512 * 1024;
/** Shown at 40 px (80 at 2x), never a poster. */
export const LOGO_MIN_SIDE = 32;
export const LOGO_MAX_SIDE = 2048;
/** Counted from the merchant's first upload in the window. */
export const LOGO_UPLOADS_PER_WINDOW = 20;
export const LOGO_UPLOAD_WINDOW_MS = 24 * 60 * 60 * 1000;

export type LogoType = 'image/png' | 'image/jpeg' | 'image/webp';

export type LogoImage = { ok: true; contentType: LogoType; width: number; height: number } | { ok: false; code: LogoRefusal; message: string };
export type LogoRefusal = 'logo_empty' | 'logo_too_large' | 'logo_type_not_allowed' | 'logo_unreadable' | 'logo_dimensions';

const refuse = (code: LogoRefusal, message: string): LogoImage => ({ ok: false, code, message });
const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32be = (b: Uint8Array, at: number) => (((b[at] ?? 0) << 24) | ((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0)) >>> 0;
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const u32le = (b: Uint8Array, at: number) => (u24le(b, at) | ((b[at + 3] ?? 0) << 24)) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** An IHDR chunk first, chunks that chain to IEND at the very end. */
function png(b: Uint8Array): { width: number; height: number } | undefined {
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  const [depth = 0, colour = 0, compression, filter, interlace = 9] = b.subarray(24, 29);
  const depths: Readonly<Record<number, readonly number[]>> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
  if (!(depths[colour] ?? []).includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return undefined;
  let at = 8;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff || at + 12 + length > b.length) return undefined;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return at + 12 === b.length && startsWith(b, PNG_END, at) && sawData ? { width, height } : undefined;
    at += 12 + length;
  }
  return undefined;
}

function jpeg(b: Uint8Array): { width: number; height: number } | undefined {
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== 0xd9) return undefined;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return undefined;
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return undefined;
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    // The scan starts before any frame header: not a JPEG this reads.
    if (marker === 0xda || marker === 0xd9) return undefined;
    at += 2 + length;
  }
  return undefined;
}

/** The RIFF size must be the file's. */
function webp(b: Uint8Array): { width: number; height: number } | undefined {
  if (u32le(b, 4) + 8 !== b.length || b.length < 30) return undefined;
  const chunk = ascii(b, 12, 4);
  const chunkLength = u32le(b, 16);
  if (20 + chunkLength > b.length) return undefined;
  if (chunk === 'VP8 ') {
    // A key frame's start code, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return undefined;
}

export function readLogoImage(bytes: Uint8Array): LogoImage {
  if (bytes.length === 0) return refuse('logo_empty', 'Send the logo\'s bytes as the body (a PNG, JPEG or WebP image)');
  if (bytes.length > LOGO_MAX_BYTES) return refuse('logo_too_large', `The logo is ${bytes.length} bytes; at most ${LOGO_MAX_BYTES} (512 KB)`);
  let contentType: LogoType;
  let size: { width: number; height: number } | undefined;
  if (startsWith(bytes, PNG_SIGNATURE)) {
    contentType = 'image/png';
    size = png(bytes);
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    contentType = 'image/jpeg';
    size = jpeg(bytes);
  } else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    contentType = 'image/webp';
    size = webp(bytes);
  } else {
    const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
    const svg = head.startsWith('<svg') || (head.startsWith('<?xml') || head.startsWith('<!doctype svg')) && head.includes('<svg');
    return refuse('logo_type_not_allowed', svg
      ? 'SVG logos are not accepted (an SVG is a document that can run scripts): send a PNG, JPEG or WebP image'
      : 'The logo must be a PNG, JPEG or WebP image (read from its bytes)');
  }
  if (!size) return refuse('logo_unreadable', `The logo starts as ${contentType.slice(6).toUpperCase()} but its data does not read as one`);
  const { width, height } = size;
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    return refuse('logo_dimensions', `The logo is ${width}x${height} px; each side must be ${LOGO_MIN_SIDE} to ${LOGO_MAX_SIDE} px`);
  }
  return { ok: true, contentType, width, height };
}
