import * as v from 'valibot';
import { decodeBody, encodeBody } from './encoding';

export const EnvelopeSchema = v.object({
  header: v.object({ code: v.number(), description: v.string() }),
  data: v.string(),
});
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

export function wrapEnvelope(code: number, description: string, payload: unknown, encoded: boolean): Envelope {
  return { header: { code, description }, data: encoded ? encodeBody(payload ?? null) : JSON.stringify(payload ?? null) };
}

export function readEnvelopeData(envelope: Envelope, encoded: boolean): unknown {
  if (envelope.data === '') return null;
  return encoded ? decodeBody(envelope.data) : (JSON.parse(envelope.data) as unknown);
}
