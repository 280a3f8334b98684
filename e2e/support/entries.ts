import { encodeBody, readEnvelopeData, type Envelope } from '@pasarela/core';
import type { Sandbox } from '../../scripts/sandbox-process.mjs';

/** docs/sandbox.md "Building scenarios": an admin POST answering 201 JSON. */
export async function adminPost<T>(sandbox: Sandbox, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${sandbox.url}/sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201 && res.status !== 200) throw new Error(`POST /sandbox/${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A person's token for the sandbox's captcha (docs/sandbox.md "Captcha"): payments need one, and each counts once. */
const personToken = () => `e2e-person-${crypto.randomUUID()}`;

/** A payment body with the widget's captcha token, where the widget puts it (additionalData for the card). */
function withCaptcha(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const data = record['additionalData'];
  if (typeof data === 'object' && data !== null) return { ...record, additionalData: { captchaToken: personToken(), ...data } };
  return { captchaToken: personToken(), ...record };
}

/** A guest's API call (docs/api.md), its envelope read either way the server encodes it. */
export async function guestPost<T>(sandbox: Sandbox, path: string, body: unknown): Promise<T> {
  return guestCall<T>(sandbox, path, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    body: encodeBody(withCaptcha(body)),
  });
}

export function guestGet<T>(sandbox: Sandbox, path: string): Promise<T> {
  return guestCall<T>(sandbox, path, { headers: { 'x-api-key': 'pk_sandbox_pasarela_guest' } });
}

async function guestCall<T>(sandbox: Sandbox, path: string, init: RequestInit): Promise<T> {
  const res = await fetch(`${sandbox.url}/api/v1/${path}`, init);
  const envelope = (await res.json()) as Envelope;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} /api/v1/${path} answered ${res.status}`);
  try {
    return readEnvelopeData(envelope, true) as T;
  } catch {
    return readEnvelopeData(envelope, false) as T;
  }
}
