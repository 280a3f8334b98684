import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { wrapEnvelope } from '@pasarela/core';
import type { AppEnv } from './AppEnv';
import { negotiatedBody } from './negotiatedBody';

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  423: 'Locked',
  429: 'Too Many Requests',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  // A processor that did not answer in time (the payment in doubt), apart from one that refused (502) or was not reached (503).
  504: 'Gateway Timeout',
};

export function statusDescription(status: number): string {
  return DESCRIPTIONS[status] ?? 'Error';
}

/**
 * SPEC 7: every API answer is the envelope, and the HTTP status equals header.code. Gzipped here when
 * the client accepts it and the answer is long enough to gain (negotiatedBody).
 */
export function reply(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200): Response {
  const envelope = JSON.stringify(wrapEnvelope(status, statusDescription(status), data, c.get('wireEncoding')));
  const { body, headers } = negotiatedBody(Buffer.from(envelope, 'utf8'), 'application/json', c.req.header('accept-encoding'));
  return c.body(body, status, headers);
}
