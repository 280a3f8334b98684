import { createHmac } from 'node:crypto';

/** `Pasarela-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>`. */
export function signatureHeaderOf(body: string, webhookSecret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', webhookSecret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * The header signed by each secret still valid: the current one, and during a roll's window the
 * previous one too (`t=...,v1=<current>,v1=<previous>`, as Stripe does), so a receiver that knows
 * either verifies the delivery.
 */
export function signaturesHeaderOf(body: string, secrets: readonly string[], unixSeconds: number): string {
  const v1s = secrets.map((secret) => signatureHeaderOf(body, secret, unixSeconds).split(',v1=')[1]);
  return [`t=${unixSeconds}`, ...v1s.map((v1) => `v1=${v1}`)].join(',');
}

/** An endpoint's secrets that sign now: its own, and a rolled-away one until its window ends. */
export function signingSecretsOf(endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: Date | string | null }, now = Date.now()): string[] {
  const until = endpoint.previous_secret_expires_at === null ? 0 : new Date(endpoint.previous_secret_expires_at).getTime();
  return endpoint.previous_secret && until > now ? [endpoint.secret, endpoint.previous_secret] : [endpoint.secret];
}

/** Whether an endpoint takes events of this type ('*': every type). */
export const endpointTakes = (events: readonly string[], type: string) => events.includes('*') || events.includes(type);
