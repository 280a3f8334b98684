// docs/operations.md "Stopping, and what survives a kill -9": a stopping card vault refuses a call it read after it closed
// its listener, before doing anything for it, with 503 and this header set to '1'. It is the one answer
// that lets a client send the call again, once, knowing nothing was done; the vault never passes it on
// from a processor it forwards to.
export const VAULT_NOT_STARTED_HEADER = 'vault-not-started';

/** A stopping vault's refusal of a call it did not start: the answer's status and its `Vault-Not-Started` header. */
export function isNotStartedRefusal(status: number, notStarted: string | string[] | null | undefined): boolean {
  return status === 503 && notStarted === '1';
}
