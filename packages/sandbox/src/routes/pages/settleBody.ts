import type { Context } from 'hono';

/**
 * The result a sandbox settle call asks for (`result=approve`), sent as a form, as the payer's page
 * posts it, or as JSON (`{ "result": "approve" }`), as a script does.
 */
export async function settleResultOf(c: Context): Promise<unknown> {
  const json = (c.req.header('content-type') ?? '').toLowerCase().includes('json');
  const body = json ? await c.req.json<unknown>().catch(() => ({})) : await c.req.parseBody().catch(() => ({}));
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['result'] : undefined;
}
