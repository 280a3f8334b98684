// SPEC 7: "Request bodies are encoded (hex of base64 of JSON) when enabled and sent as text."

/** Thrown when a body is not hex, not base64 or not JSON. */
export class WireFormatError extends Error {
  override readonly name = 'WireFormatError';
  constructor(readonly reason: 'hex' | 'base64' | 'utf8' | 'json', message: string) {
    super(message);
  }
}

const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** JSON -> UTF-8 -> base64 -> hex of the base64 text. Unicode-safe (ñ, accents, emoji). */
export function encodeBody(value: unknown): string {
  const base64 = bytesToBase64(new TextEncoder().encode(JSON.stringify(value)));
  let hex = '';
  for (let i = 0; i < base64.length; i++) hex += base64.charCodeAt(i).toString(16).padStart(2, '0');
  return hex;
}

/** Inverse of encodeBody; throws WireFormatError naming the layer that is malformed. */
export function decodeBody(text: string): unknown {
  const trimmed = text.trim();
  if (!HEX.test(trimmed)) throw new WireFormatError('hex', 'Body is not an even-length hex string');
  let base64 = '';
  for (let i = 0; i < trimmed.length; i += 2) base64 += String.fromCharCode(parseInt(trimmed.slice(i, i + 2), 16));
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
    throw new WireFormatError('base64', 'Hex does not hold base64 text');
  }
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(base64ToBytes(base64));
  } catch {
    throw new WireFormatError('utf8', 'Base64 does not hold UTF-8 text');
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new WireFormatError('json', 'Decoded body is not JSON');
  }
}
