import { createHmac } from 'node:crypto';

/** `Pasarela-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>`. */
export function signatureHeaderOf(body: string, webhookSecret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', webhookSecret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** During a roll's window the previous secret signs too (as Stripe does), so a receiver knowing either verifies. */
export function signaturesHeaderOf(body: string, secrets: readonly string[], unixSeconds: number): string {
  const v1s = secrets.map((secret) => signatureHeaderOf(body, secret, unixSeconds).split(',v1=')[1]);
  return [`t=${unixSeconds}`, ...v1s.map((v1) => `v1=${v1}`)].join(',');
}

export function signingSecretsOf(endpoint: { secret: string; previous_secret: string | null; previous_secret_expires_at: Date | string | null }, now = Date.now()): string[] {
  const until = endpoint.previous_secret_expires_at === null ? 0 : new Date(endpoint.previous_secret_expires_at).getTime();
  return endpoint.previous_secret && until > now ? [endpoint.secret, endpoint.previous_secret] : [endpoint.secret];
}

export const endpointTakes = (events: readonly string[], type: string) => events.includes('*') || events.includes(type);
