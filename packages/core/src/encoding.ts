// SPEC 7: "Request bodies are encoded (hex of base64 of JSON) when enabled and sent as text."

/** Thrown when a body is not hex, not base64 or not JSON. */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
  constructor(readonly reason: 'hex' | 'base64' | 'utf8' | 'json', message: string) {
    super(message);
  }
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 61; // '='

/** Each ASCII character's value as a hex digit, -1 when it is none. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_DIGIT[i.toString(16).charCodeAt(0)] = i;
  HEX_DIGIT[i.toString(16).toUpperCase().charCodeAt(0)] = i;
}
/** Each ASCII character's 6-bit value in base64, -1 when it is none. */
const BASE64_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) BASE64_DIGIT[BASE64_ALPHABET.charCodeAt(i)] = i;
/** Each byte's two hex digits. */
const HEX_PAIR = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const utf8 = new TextDecoder('utf-8', { fatal: true });

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The hex text's bytes (here: the base64 text's characters); null when it is not even-length hex. */
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

/** Base64 characters (as bytes) decoded; null unless they are whole groups of four, with '=' padding only at the end. */
function base64ToBytes(chars: Uint8Array): Uint8Array | null {
  const n = chars.length;
  if (n % 4 !== 0) return null;
  const padding = n === 0 ? 0 : chars[n - 1] !== PAD ? 0 : chars[n - 2] !== PAD ? 1 : 2;
  const out = new Uint8Array((n / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < n; i += 4) {
    const last = i + 4 === n;
    const a = BASE64_DIGIT[chars[i] ?? 0] ?? -1;
    const b = BASE64_DIGIT[chars[i + 1] ?? 0] ?? -1;
    const c = last && padding === 2 ? 0 : (BASE64_DIGIT[chars[i + 2] ?? 0] ?? -1);
    const d = last && padding >= 1 ? 0 : (BASE64_DIGIT[chars[i + 3] ?? 0] ?? -1);
    if ((a | b | c | d) < 0) return null;
    const group = (a << 18) | (b << 12) | (c << 6) | d;
    out[at++] = group >> 16;
    if (at < out.length) out[at++] = (group >> 8) & 0xff;
    if (at < out.length) out[at++] = group & 0xff;
  }
  return out;
}

/** JSON -> UTF-8 -> base64 -> hex of the base64 text. Unicode-safe (ñ, accents, emoji). */
export function encodeBody(value: unknown): string {
  const base64 = bytesToBase64(new TextEncoder().encode(JSON.stringify(value)));
  let hex = '';
  for (let i = 0; i < base64.length; i++) hex += HEX_PAIR[base64.charCodeAt(i)];
  return hex;
}

/** Inverse of encodeBody; throws WireFormatError naming the layer that is malformed. */
export function decodeBody(text: string): unknown {
  // Table look-ups, not a regular expression and a string per character: a card payment's body is
  // read on every request (issue 25's payments per second).
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
