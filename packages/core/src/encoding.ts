// SPEC 7: "Request bodies are encoded (hex of base64 of JSON) when enabled and sent as text."

/** Thrown when a body is not hex, not base64 or not JSON. */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
  constructor(readonly reason: 'hex' | 'base64' | 'utf8' | 'json', message: string) {
    super(message);
  }
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Each ASCII character's value as a hex digit, -1 when it is none. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) HEX_DIGIT[i.toString(16).charCodeAt(0)] = HEX_DIGIT[i.toString(16).toUpperCase().charCodeAt(0)] = i;
/** Each byte's two hex digits. */
const HEX_PAIR = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as a string of the same char codes, in slices (an argument list has a limit). */
function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return binary;
}

/** The hex text's bytes; null when it is not even-length hex. */
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

/** JSON -> UTF-8 -> base64 -> hex of the base64 text. Unicode-safe (ñ, accents, emoji). */
export function encodeBody(value: unknown): string {
  const base64 = btoa(bytesToBinary(new TextEncoder().encode(JSON.stringify(value))));
  let hex = '';
  for (let i = 0; i < base64.length; i++) hex += HEX_PAIR[base64.charCodeAt(i)];
  return hex;
}

/** Inverse of encodeBody; throws WireFormatError naming the layer that is malformed. */
export function decodeBody(text: string): unknown {
  // A table look-up per hex digit, not a string and a parseInt per pair: a card payment's body is
  // read on every request (issue 25's payments per second).
  const chars = hexToBytes(text.trim());
  if (!chars) throw new WireFormatError('hex', 'Body is not an even-length hex string');
  const base64 = bytesToBinary(chars);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) throw new WireFormatError('base64', 'Hex does not hold base64 text');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
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
