import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WireFormatError, decodeBody, encodeBody } from './encoding';

describe('SPEC 7 "Request bodies are encoded (hex of base64 of JSON)"', () => {
  it.each([
    [{ a: 1 }, '65794a68496a6f7866513d3d'],
    ['ñ', '49734f7849673d3d'],
  ])('encodes %j as %s and back', (value, hex) => {
    expect(encodeBody(value)).toBe(hex);
    expect(decodeBody(hex)).toEqual(value);
  });

  it('a body is read without the spaces or line end around it', () => {
    expect(decodeBody(`  ${encodeBody({ a: 1 })}\n`)).toEqual({ a: 1 });
  });

  it.each([
    ['zz', 'hex', 'Body is not an even-length hex string'],
    ['616263', 'base64', 'Hex does not hold base64 text'],
    [Buffer.from('////', 'latin1').toString('hex'), 'utf8', 'Base64 does not hold UTF-8 text'],
    [Buffer.from(Buffer.from('{nope', 'utf8').toString('base64'), 'latin1').toString('hex'), 'json', 'Decoded body is not JSON'],
  ])('%s is refused as a WireFormatError (%s) saying %j', (text, reason, message) => {
    let error: unknown;
    try {
      decodeBody(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WireFormatError);
    expect(error).toMatchObject({ name: 'WireFormatError', reason, message });
  });

  it('is hex of the base64 of the UTF-8 JSON', () => {
    const json = JSON.stringify({ name: 'José Peña' });
    const base64 = Buffer.from(json, 'utf8').toString('base64');
    expect(encodeBody({ name: 'José Peña' })).toBe(Buffer.from(base64, 'latin1').toString('hex'));
  });

  it.each([
    ['zz', 'hex'],
    ['abc', 'hex'],
    ['2a2a', 'base64'],
    [Buffer.from('////', 'latin1').toString('hex'), 'utf8'],
    [Buffer.from(Buffer.from('{nope', 'utf8').toString('base64'), 'latin1').toString('hex'), 'json'],
  ] as const)('rejects malformed %s at the %s layer', (text, reason) => {
    expect(() => decodeBody(text)).toThrow(WireFormatError);
    try {
      decodeBody(text);
    } catch (e) {
      expect((e as WireFormatError).reason).toBe(reason);
    }
  });

  it('writes what the three layers written one by one give: UTF-8, then base64, then hex (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const base64 = Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
        expect(encodeBody(value)).toBe(Buffer.from(base64, 'latin1').toString('hex'));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['', 'a', 'ab', 'abc', 'abcd', 'ñ', '€', '😀'])('writes and reads %j, whatever its length leaves for the padding', (text) => {
    expect(encodeBody(text)).toBe(Buffer.from(Buffer.from(JSON.stringify(text), 'utf8').toString('base64'), 'latin1').toString('hex'));
    expect(decodeBody(encodeBody(text))).toBe(text);
  });

  it('round-trips arbitrary Unicode JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(decodeBody(encodeBody(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });
});

/** The first implementation, kept as the reference the table-driven one must agree with. */
function referenceDecode(text: string): unknown {
  const trimmed = text.trim();
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(trimmed)) throw new WireFormatError('hex', 'hex');
  let base64 = '';
  for (let i = 0; i < trimmed.length; i += 2) base64 += String.fromCharCode(parseInt(trimmed.slice(i, i + 2), 16));
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new WireFormatError('base64', 'base64');
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
  } catch {
    throw new WireFormatError('utf8', 'utf8');
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new WireFormatError('json', 'json');
  }
}

const outcome = (decode: (text: string) => unknown, text: string) => {
  try {
    return { value: decode(text) };
  } catch (error) {
    return { reason: (error as WireFormatError).reason };
  }
};

describe('decodeBody agrees with the reference decoder on any input (SPEC 7 wire encoding)', () => {
  it.each([
    ['', 'json'],
    ['3d3d3d3d', 'base64'], // '===='
    ['41413d3d', 'utf8'], // 'AA==' is one byte 0x00... then not JSON
    ['413d3d41', 'base64'], // padding inside
    ['4141413d', 'json'], // 'AAA=' two bytes
    ['4G', 'hex'],
    ['e3', 'base64'],
  ])('%j fails at the same layer as the reference, or not at all', (text) => {
    expect(outcome(decodeBody, text)).toEqual(outcome(referenceDecode, text));
  });

  it('on strings of base64 characters, padding and others, hex-encoded in either case (property)', () => {
    const base64ish = fc.stringMatching(/^[A-Za-z0-9+/=\-_ ]{0,24}$/);
    fc.assert(
      fc.property(base64ish, fc.boolean(), (s, upper) => {
        const hex = Buffer.from(s, 'latin1').toString('hex');
        const text = upper ? hex.toUpperCase() : hex;
        expect(outcome(decodeBody, text)).toEqual(outcome(referenceDecode, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        expect(outcome(decodeBody, text)).toEqual(outcome(referenceDecode, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('on the encoding of arbitrary JSON, with its base64 text changed at one place (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.integer({ min: 0, max: 127 }), (value, at, code) => {
        const base64 = Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
        const i = at % Math.max(1, base64.length);
        const changed = base64.slice(0, i) + String.fromCharCode(code) + base64.slice(i + 1);
        const text = Buffer.from(changed, 'latin1').toString('hex');
        expect(outcome(decodeBody, text)).toEqual(outcome(referenceDecode, text));
      }),
      { numRuns: 2000 },
    );
  });
});
