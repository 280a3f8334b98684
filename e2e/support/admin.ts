import type { Sandbox } from '../../scripts/sandbox-process.mjs';

export interface RecordedTransaction {
  codOper: string;
  method: string;
  amount: number;
  status: number | string;
}

/** PRODUCT.md admin API: `POST /sandbox/links` -> 201 { code, slug, url }. */
export async function createLink(
  sandbox: Sandbox,
  link: { amount: number; description: string; taxAmount?: number; cardTypes?: string[]; expiresInSeconds?: number; singleUse?: boolean },
): Promise<string> {
  const res = await fetch(`${sandbox.url}/sandbox/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(link),
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/links answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { code: string }).code;
}

/** PRODUCT.md admin API: `GET /sandbox/transactions?code=CODE`. */
export async function transactionsFor(sandbox: Sandbox, code: string): Promise<RecordedTransaction[]> {
  const res = await fetch(`${sandbox.url}/sandbox/transactions?code=${encodeURIComponent(code)}`);
  if (res.status !== 200) throw new Error(`GET /sandbox/transactions answered ${res.status}`);
  return ((await res.json()) as { transactions: RecordedTransaction[] }).transactions;
}

/** docs/sandbox.md: the payer approving a Nequi push in the app (or scanning its QR), `POST /sandbox/nequi/{codOper}`; answers the status. */
export async function approveNequi(sandbox: Sandbox, codOper: string, result: 'approve' | 'fail' = 'approve'): Promise<number> {
  const res = await fetch(`${sandbox.url}/sandbox/nequi/${codOper}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result }),
  });
  return res.status;
}
