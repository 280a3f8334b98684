import type { NonSharedBuffer } from 'node:buffer';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';

/**
 * What a forward put into the processor's call, which the processor's answer must not bring back to
 * the application server (it never holds a card number or CVC): some processors repeat the call they
 * were sent in their answer, an error's above all.
 */
export interface ForwardedCard {
  number: string;
  /** The CVC, when the call carried it. */
  cvc: string | null;
  /** The names the call gave the CVC (`cvc` of `card[cvc]`, `securityCode`), looked for beside the usual ones. */
  cvcNames: readonly string[];
}

/** The names a card security code goes by, looked for before a CVC repeated in an answer. */
const CVC_NAMES = ['security_code', 'security code', 'securitycode', 'verification_value', 'card_code', 'cardcode', 'cvv2', 'cvc2', 'cvv', 'cvc', 'csc', 'cvn', 'cid'];

/** Between a name and its value, as JSON, a form or a sentence writes it: as is, percent-encoded, or percent-encoded twice (a form body in a URL). */
const BETWEEN = String.raw`(?:[\s"'\\:=\[\](){},+]|%(?:25)?(?:22|27|3A|3D|5B|5D|20|2C|7B|7D)){0,12}`;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A digit as written, or percent-encoded. */
const digitPattern = (digit: string) => `(?:${digit}|%3${digit})`;

/** The answer's text with the card's number masked (its BIN and last four kept, as the server knows them) and its CVC starred. */
function cardMasker(card: ForwardedCard): (text: string) => string {
  // Written whole, or in groups (spaces, hyphens, a form's `+` or `%20`), digits percent-encoded or not.
  const number = new RegExp([...card.number].map(digitPattern).join('(?:[ +-]|%20)?'), 'gi');
  const masked = `${card.number.slice(0, 6)}${'*'.repeat(card.number.length - 10)}${card.number.slice(-4)}`;
  const names = [...new Set([...CVC_NAMES, ...card.cvcNames.map((name) => name.toLowerCase())])].sort((a, b) => b.length - a.length).map(escaped);
  const cvc = card.cvc === null ? null : new RegExp(`((?:${names.join('|')})${BETWEEN})${[...card.cvc].map(digitPattern).join('')}(?![0-9])`, 'gi');
  const stars = '*'.repeat(card.cvc?.length ?? 0);
  return (text) => {
    const numberless = text.replace(number, masked);
    return cvc === null ? numberless : numberless.replace(cvc, (_all, before: string) => `${before}${stars}`);
  };
}

interface Codec {
  decode(bytes: NonSharedBuffer): NonSharedBuffer;
  encode(bytes: NonSharedBuffer): NonSharedBuffer;
}

/** A card call's answer is a few kilobytes: one that inflates past this is not read (nor sent back). */
const DECODED_LIMIT = { maxOutputLength: 16 * 1024 * 1024 };

const CODECS: Record<string, Codec> = {
  gzip: { decode: (bytes) => gunzipSync(bytes, DECODED_LIMIT), encode: (bytes) => gzipSync(bytes) },
  'x-gzip': { decode: (bytes) => gunzipSync(bytes, DECODED_LIMIT), encode: (bytes) => gzipSync(bytes) },
  deflate: { decode: (bytes) => inflateSync(bytes, DECODED_LIMIT), encode: (bytes) => deflateSync(bytes) },
  br: { decode: (bytes) => brotliDecompressSync(bytes, DECODED_LIMIT), encode: (bytes) => brotliCompressSync(bytes) },
  identity: { decode: (bytes) => bytes, encode: (bytes) => bytes },
};

/**
 * A forward's `Accept-Encoding` with only the encodings the vault reads (the processor's answer is
 * read for the card before it goes back): `identity` when none of those is asked for.
 */
export function readableEncodings(accept: string): string {
  const kept = accept.split(',').map((item) => item.trim()).filter((item) => (item.split(';')[0]!.trim().toLowerCase()) in CODECS);
  return kept.length > 0 ? kept.join(', ') : 'identity';
}

/** Why an answer could not be read for the card: it goes back cut off, as a dropped answer (the call reached the processor). */
export class UnreadableAnswer extends Error {}

/**
 * The processor's answer with the forwarded card's number and CVC masked in its headers and body
 * (decoded, masked, and encoded again as it came); the bytes as they came when it holds neither.
 * `headers` are changed in place. Throws UnreadableAnswer for a body in an encoding the vault does
 * not read, or that does not decode.
 */
export function withoutCard(card: ForwardedCard, headers: Headers, body: NonSharedBuffer | null): NonSharedBuffer | null {
  const mask = cardMasker(card);
  for (const name of new Set(headers.keys())) {
    const values = name === 'set-cookie' ? headers.getSetCookie() : [headers.get(name) ?? ''];
    const clean = values.map(mask);
    if (clean.every((value, at) => value === values[at])) continue;
    headers.delete(name);
    for (const value of clean) headers.append(name, value);
  }
  if (body === null || body.length === 0) return body;
  const encodings = (headers.get('content-encoding') ?? '').split(',').map((item) => item.trim().toLowerCase()).filter((item) => item !== '');
  const codecs = encodings.map((encoding) => {
    const codec = CODECS[encoding];
    if (!codec) throw new UnreadableAnswer(`in the content-encoding ${encoding.replace(/[^a-z0-9._-]/g, '?').slice(0, 40)}, which the vault does not read`);
    return codec;
  });
  let decoded = body;
  try {
    for (const codec of [...codecs].reverse()) decoded = codec.decode(decoded);
  } catch (error) {
    throw new UnreadableAnswer(`with a body that does not decode as ${encodings.join(', ')} (${(error as Error).message})`);
  }
  // Latin-1: one character a byte, so every byte the masks do not touch goes back as it came.
  const text = decoded.toString('latin1');
  const clean = mask(text);
  if (clean === text) return body;
  let encoded = Buffer.from(clean, 'latin1');
  for (const codec of codecs) encoded = codec.encode(encoded);
  if (headers.has('content-length')) headers.set('content-length', String(encoded.length));
  return encoded;
}
