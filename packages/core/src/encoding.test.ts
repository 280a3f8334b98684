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

  it('round-trips arbitrary Unicode JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(decodeBody(encodeBody(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
  });
});
