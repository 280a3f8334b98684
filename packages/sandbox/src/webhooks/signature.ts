import { createHmac } from 'node:crypto';

/** `Pasarela-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the webhook secret>`. */
export function signatureHeaderOf(body: string, webhookSecret: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', webhookSecret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
