import * as v from 'valibot';
import { decodeBody, encodeBody } from './encoding';

// SPEC 7: "Responses wrap a header status code and a data string that is decoded."
export const EnvelopeSchema = v.object({
  header: v.object({ code: v.number(), description: v.string() }),
  data: v.string(),
});
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

/** Builds the response envelope; `data` is hex-of-base64 JSON when encoding is on, JSON text otherwise. */
export function wrapEnvelope(code: number, description: string, payload: unknown, encoded: boolean): Envelope {
  return { header: { code, description }, data: encoded ? encodeBody(payload ?? null) : JSON.stringify(payload ?? null) };
}

/** Reads the envelope's data string back into a value (the header is checked by the caller). */
export function readEnvelopeData(envelope: Envelope, encoded: boolean): unknown {
  if (envelope.data === '') return null;
  return encoded ? decodeBody(envelope.data) : (JSON.parse(envelope.data) as unknown);
}
