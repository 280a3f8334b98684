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

/**
 * How far from the card's number a CVC under a name the vault does not know (a processor's own, or
 * none: a list, a line) is starred: as far as the rest of a card's record reaches around its number.
 */
const NEAR_NUMBER = 80;

/** A number standing alone: no letter, digit (percent-encoded or not), `_` or `*` against it, nor a decimal or hyphenated part; a percent escape of another character before it separates. */
const ALONE_BEFORE = String.raw`(?<=^|%(?!3[0-9])[0-9A-Fa-f]{2}|[^0-9A-Za-z_*.-]|[^0-9][.]|[^0-9A-Za-z][-])`;
const ALONE_AFTER = String.raw`(?![0-9A-Za-z_*]|%3[0-9]|[.][0-9]|-[0-9A-Za-z])`;

/** The name a value is given just before it (`amount=`, `"exp_year": `, `card[last4]=`), if any. */
const NAME_BEFORE = new RegExp(String.raw`([A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)${BETWEEN}$`);

/** The CVC's digits under these names are another value the server reads, or one it already holds: money, counts, expiry, status, BIN and last four. */
const NOT_A_CVC = new Set(['amount', 'amounts', 'total', 'subtotal', 'price', 'fee', 'fees', 'tax', 'tip', 'cents', 'balance', 'quantity', 'qty', 'count', 'year', 'month', 'exp', 'expiry', 'expiration', 'yy', 'yyyy', 'mm', 'last4', 'last', 'bin', 'status']);

function namesAnotherValue(before: string): boolean {
  const name = NAME_BEFORE.exec(before)?.[1];
  if (name === undefined) return false;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).some((word) => NOT_A_CVC.has(word));
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** Whether one of `spans` (in order, none overlapping) comes within `margin` characters of start..end (overlaps it, with no margin). */
function comesNear(spans: readonly Replacement[], start: number, end: number, margin = 0): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.end + margin <= start) low = middle + 1;
    else high = middle;
  }
  return low < spans.length && spans[low]!.start - margin < end;
}

/** Where each character of a valid JSON text is inside a string. */
function inJsonString(text: string): Uint8Array {
  const inside = new Uint8Array(text.length);
  let open = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (open) {
      inside[at] = 1;
      if (char === '\\') inside[++at] = 1;
      else if (char === '"') open = false;
    } else if (char === '"') {
      inside[at] = 1;
      open = true;
    }
  }
  return inside;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const JSON_NUMBER_CHAR = /[0-9.eE+-]/;

/**
 * The text with the replacements made. In a JSON body, a bare JSON number holding one becomes a
 * string of the number masked (`424242******4242`, `***` are not JSON numbers): the answer stays JSON.
 */
function replaced(text: string, found: Replacement[], json: boolean): string {
  found.sort((a, b) => a.start - b.start);
  const inside = json ? inJsonString(text) : null;
  let out = '';
  let at = 0;
  for (let i = 0; i < found.length;) {
    const first = found[i]!;
    if (inside === null || inside[first.start] === 1) {
      out += text.slice(at, first.start) + first.text;
      at = first.end;
      i++;
      continue;
    }
    let start = first.start;
    let end = first.end;
    while (start > 0 && JSON_NUMBER_CHAR.test(text[start - 1]!)) start--;
    while (end < text.length && JSON_NUMBER_CHAR.test(text[end]!)) end++;
    let number = '';
    let from = start;
    for (; i < found.length && found[i]!.start < end; i++) {
      number += text.slice(from, found[i]!.start) + found[i]!.text;
      from = found[i]!.end;
    }
    out += text.slice(at, start) + JSON.stringify(number + text.slice(from, end));
    at = end;
  }
  return out + text.slice(at);
}

/**
 * The answer's text with the card's number masked (its BIN and last four kept, as the server knows
 * them) and its CVC starred: after a name a security code goes by, anywhere; as a number standing
 * alone near the card's number, unless the name it is given is one of another value (an amount, an
 * expiry). A CVC repeated under a name the vault does not know, with no number near it, goes back.
 */
function cardMasker(card: ForwardedCard): (text: string, mayBeJson?: boolean) => string {
  // Written whole, or in groups (spaces, hyphens, a form's `+` or `%20`), digits percent-encoded or not.
  const number = new RegExp([...card.number].map(digitPattern).join('(?:[ +-]|%20)?'), 'gi');
  const masked = `${card.number.slice(0, 6)}${'*'.repeat(card.number.length - 10)}${card.number.slice(-4)}`;
  const names = [...new Set([...CVC_NAMES, ...card.cvcNames.map((name) => name.toLowerCase())])].sort((a, b) => b.length - a.length).map(escaped);
  const cvcDigits = card.cvc === null ? null : [...card.cvc].map(digitPattern).join('');
  const named = cvcDigits === null ? null : new RegExp(`((?:${names.join('|')})${BETWEEN})${cvcDigits}(?![0-9])`, 'gi');
  const alone = cvcDigits === null ? null : new RegExp(`${ALONE_BEFORE}${cvcDigits}${ALONE_AFTER}`, 'gi');
  const stars = '*'.repeat(card.cvc?.length ?? 0);
  return (text, mayBeJson = false) => {
    const numbers: Replacement[] = [];
    for (const match of text.matchAll(number)) numbers.push({ start: match.index, end: match.index + match[0].length, text: masked });
    const cvcs: Replacement[] = [];
    for (const match of named === null ? [] : text.matchAll(named)) {
      const start = match.index + match[1]!.length;
      const end = match.index + match[0].length;
      if (!comesNear(numbers, start, end)) cvcs.push({ start, end, text: stars });
    }
    const found = [...numbers, ...cvcs];
    for (const match of alone === null || numbers.length === 0 ? [] : text.matchAll(alone)) {
      const start = match.index;
      const end = start + match[0].length;
      const nearTheCard = comesNear(numbers, start, end, NEAR_NUMBER) && !comesNear(numbers, start, end) && !comesNear(cvcs, start, end);
      if (nearTheCard && !namesAnotherValue(text.slice(Math.max(0, start - 48), start))) found.push({ start, end, text: stars });
    }
    return found.length === 0 ? text : replaced(text, found, mayBeJson && isJson(text));
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

/** Headers a digest or tag of the body: of the processor's bytes, so wrong for a masked body (Content-Length is set anew). */
const DESCRIBE_THE_BODY = ['etag', 'digest', 'content-digest', 'repr-digest', 'content-md5'];

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
    const clean = values.map((value) => mask(value));
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
  const clean = mask(text, true);
  if (clean === text) return body;
  let encoded = Buffer.from(clean, 'latin1');
  for (const codec of codecs) encoded = codec.encode(encoded);
  if (headers.has('content-length')) headers.set('content-length', String(encoded.length));
  // They describe the bytes the processor sent, which the caller does not get.
  for (const name of DESCRIBE_THE_BODY) headers.delete(name);
  return encoded;
}
