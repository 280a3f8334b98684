// SPEC 7: request bodies are hex of base64 of JSON when encoding is on.

export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
  constructor(readonly reason: 'hex' | 'base64' | 'utf8' | 'json', message: string) {
    super(message);
  }
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 0x3d; // '='

const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_DIGIT[i.toString(16).charCodeAt(0)] = HEX_DIGIT[i.toString(16).toUpperCase().charCodeAt(0)] = i;
const BASE64_VALUE = new Int8Array(128).fill(-1);
/** Each base64 digit's character written in hex: two ASCII codes per digit. */
const HEX_OF_DIGIT = new Uint8Array(128);
for (let i = 0; i < 64; i++) {
  const code = BASE64_ALPHABET.charCodeAt(i);
  BASE64_VALUE[code] = i;
  HEX_OF_DIGIT[2 * i] = code.toString(16).charCodeAt(0);
  HEX_OF_DIGIT[2 * i + 1] = code.toString(16).charCodeAt(1);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = new TextEncoder();
const ascii = new TextDecoder();

function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const high = HEX_DIGIT[hex.charCodeAt(2 * i)] ?? -1;
    const low = HEX_DIGIT[hex.charCodeAt(2 * i + 1)] ?? -1;
    if (high < 0 || low < 0) return null;
    out[i] = (high << 4) | low;
  }
  return out;
}

/** Base64 as the browser's atob() takes it: bits beyond the last whole byte ignored. */
function base64ToBytes(chars: Uint8Array): Uint8Array | null {
  const n = chars.length;
  if (n % 4 !== 0) return null;
  const pad = n > 0 && chars[n - 1] === PAD ? (chars[n - 2] === PAD ? 2 : 1) : 0;
  const digits = n - pad;
  const out = new Uint8Array((n / 4) * 3 - pad);
  let bits = 0;
  let at = 0;
  for (let i = 0; i < digits; i++) {
    const value = BASE64_VALUE[chars[i] as number] ?? -1;
    if (value < 0) return null;
    bits = (bits << 6) | value;
    if ((i & 3) === 3) {
      out[at++] = bits >> 16;
      out[at++] = (bits >> 8) & 0xff;
      out[at++] = bits & 0xff;
      bits = 0;
    }
  }
  // The last group's digits before its padding: 3 digits hold 2 bytes, 2 digits 1 byte.
  if (pad === 1) {
    out[at++] = bits >> 10;
    out[at] = (bits >> 2) & 0xff;
  } else if (pad === 2) {
    out[at] = bits >> 4;
  }
  return out;
}

/** One pass from UTF-8 bytes to hex digits: every API answer is written this way. */
export function encodeBody(value: unknown): string {
  const bytes = utf8Encoder.encode(JSON.stringify(value));
  const out = new Uint8Array(Math.ceil(bytes.length / 3) * 8);
  let at = 0;
  const digit = (d: number) => {
    out[at++] = HEX_OF_DIGIT[2 * d] as number;
    out[at++] = HEX_OF_DIGIT[2 * d + 1] as number;
  };
  const padding = () => {
    out[at++] = 0x33; // '3'
    out[at++] = 0x64; // 'd': '=' is 0x3d
  };
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const bits = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    digit(bits >> 18);
    digit((bits >> 12) & 63);
    digit((bits >> 6) & 63);
    digit(bits & 63);
  }
  const left = bytes.length - i;
  if (left > 0) {
    const bits = ((bytes[i] as number) << 16) | (left === 2 ? (bytes[i + 1] as number) << 8 : 0);
    digit(bits >> 18);
    digit((bits >> 12) & 63);
    if (left === 2) digit((bits >> 6) & 63);
    else padding();
    padding();
  }
  return ascii.decode(out);
}

export function decodeBody(text: string): unknown {
  // No string in between: a card payment's body is read on every request (issue 25's payments per second).
  const chars = hexToBytes(text.trim());
  if (!chars) throw new WireFormatError('hex', 'Body is not an even-length hex string');
  const bytes = base64ToBytes(chars);
  if (!bytes) throw new WireFormatError('base64', 'Hex does not hold base64 text');
  let json: string;
  try {
    json = utf8.decode(bytes);
  } catch {
    throw new WireFormatError('utf8', 'Base64 does not hold UTF-8 text');
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new WireFormatError('json', 'Decoded body is not JSON');
  }
}
