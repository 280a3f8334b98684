import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { EnvelopeSchema, readEnvelopeData, wrapEnvelope } from './envelope';

describe('SPEC 7 "Responses wrap a header status code and a data string that is decoded."', () => {
  it.each([true, false])('round-trips data with encoding %s', (encoded) => {
    const env = wrapEnvelope(200, 'OK', { a: 'ñ' }, encoded);
    expect(v.safeParse(EnvelopeSchema, env).success).toBe(true);
    expect(env.header).toEqual({ code: 200, description: 'OK' });
    expect(readEnvelopeData(env, encoded)).toEqual({ a: 'ñ' });
  });

  it('encodes as hex when encoding is on and as JSON text when off', () => {
    expect(wrapEnvelope(200, 'OK', 1, false).data).toBe('1');
    expect(wrapEnvelope(200, 'OK', 1, true).data).toMatch(/^[0-9a-f]+$/);
  });

  it('undefined payload is null, and an empty data string reads as null', () => {
    expect(readEnvelopeData(wrapEnvelope(204, 'No Content', undefined, true), true)).toBeNull();
    expect(readEnvelopeData({ header: { code: 200, description: '' }, data: '' }, false)).toBeNull();
  });
});
