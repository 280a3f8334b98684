import { encodeBody, readEnvelopeData, type Envelope } from '@pasarela/core';
import type { Sandbox } from '../../scripts/sandbox-process.mjs';
import { tokenizeTestCard } from '../../packages/sandbox/test/testCardVault';

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

/**
 * A card typed as digits goes first to the sandbox's card vault, as the checkout's vault fields send
 * it: the payment carries the vault's token and no CVC (issue 90), which is all the server takes.
 */
async function withVaultToken(sandbox: Sandbox & { vault?: { url: string } }, body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const card = record['cardInformation'] as Record<string, unknown> | undefined;
  const number = card?.['cardNumber'];
  if (!card || typeof number !== 'string' || !/^[\d ]+$/.test(number)) return body;
  const expYear = String(card['expYear'] ?? '');
  const { token } = await tokenizeTestCard({
    number, expMonth: String(card['expMonth'] ?? '12'), expYear: expYear.length === 2 ? `20${expYear}` : expYear,
    ...(typeof card['cvv'] === 'string' ? { cvc: card['cvv'] } : {}), vaultUrl: sandbox.vault?.url,
  });
  const { cvv: _cvv, ...rest } = card;
  return { ...record, cardInformation: { ...rest, cardNumber: token } };
}

/** A guest's API call (docs/api.md), its envelope read either way the server encodes it. */
export async function guestPost<T>(sandbox: Sandbox, path: string, body: unknown): Promise<T> {
  return guestCall<T>(sandbox, path, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    body: encodeBody(withCaptcha(await withVaultToken(sandbox, body))),
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
