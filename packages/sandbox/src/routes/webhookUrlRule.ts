import * as v from 'valibot';
import { hasForbiddenCharacters, isHttpUrl } from '@pasarela/core';
import { ApiError } from '../errors/ApiError';
import { webhookTarget, WebhookTargetRefused } from '../webhooks/webhookTarget';

/**
 * A webhook URL as a merchant or the console sends it: http or https, and no control or bidi
 * character, which would show the URL in the console and the lists as other than it is.
 */
export const webhookUrlText = (field: string, invalid = `${field} must be an http or https address`) => v.pipe(
  v.string(`${field} must be a string`),
  v.maxLength(2000, `${field} is too long`),
  v.check(isHttpUrl, invalid),
  v.check((url) => !hasForbiddenCharacters(url), `${field} must not hold control or bidi characters`),
);

/**
 * The webhook-target rule at every door that takes a URL or sends to a stored one (admin merchants
 * and keys, the merchant API's endpoints, test events, redeliveries): 400 webhook_url_not_public for
 * a host that is, or resolves to, a loopback, private or internal address, unless private targets are
 * allowed. Answers what the endpoint records: whether it was accepted under a rule that allowed them.
 */
export async function acceptWebhookUrl(url: string, allowPrivate: boolean, field: string): Promise<boolean> {
  if (allowPrivate) return true;
  try {
    await webhookTarget(url, false);
  } catch (error) {
    if (error instanceof WebhookTargetRefused) throw new ApiError(400, 'webhook_url_not_public', `${field}: the webhook host ${error.message}`);
    throw new ApiError(400, 'webhook_url_not_public', `${field}: the webhook host name does not resolve`);
  }
  return false;
}

/**
 * A stored webhook URL as the admin API and the console show it: a password in it (the Basic
 * credentials a merchant's receiver asks for, sent with every delivery) reads `***`, so the
 * provider's operators and their screens never hold it.
 */
export function shownWebhookUrl(url: string | null): string | null {
  if (url === null || !URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password === '') return url;
  parsed.password = '***';
  return parsed.toString();
}
