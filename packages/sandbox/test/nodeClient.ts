import { SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY } from '@pasarela/core';
import { withCaptcha, withCaptchaQuery } from './testApp';

export interface NodeAnswer {
  status: number;
  data: Record<string, unknown>;
}

/**
 * Calls a running node over HTTP as the widget does with WIRE_ENCODING=off: the client key, or the
 * widget key with a wallet token; the envelope's data parsed.
 */
export function nodeClient(baseUrl: string) {
  const api = async (path: string, body?: unknown, token?: string): Promise<NodeAnswer> => {
    // With the widget's captcha token, as a payment needs (payments/captchaVerdict.ts).
    const res = await fetch(`${baseUrl}/api/v1${body === undefined ? withCaptchaQuery(path) : path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': token ? SANDBOX_WIDGET_KEY : SANDBOX_CLIENT_KEY,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(withCaptcha(path, body)) }),
    });
    const envelope = (await res.json()) as { data: string };
    return { status: res.status, data: JSON.parse(envelope.data) as Record<string, unknown> };
  };
  const admin = async (method: string, path: string, body?: unknown): Promise<NodeAnswer> => {
    const res = await fetch(`${baseUrl}/sandbox${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return { status: res.status, data: (await res.json()) as Record<string, unknown> };
  };
  return { api, admin };
}
