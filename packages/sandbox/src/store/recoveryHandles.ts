import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/Database';
import { issueCode } from './mailbox';

// Step 1 of a password recovery answers a handle in SPEC's idUsr, never the account's id: a random
// whole number in the range of ids, the same kind for an account nobody has, which the later steps
// take back. Asked again with the same text within a code's time, it is the same handle, so the
// checkout's "send the code again" (which keeps the handle it holds) works alike for both.

const MAX_ID = 2_147_483_647;

async function handleFor(db: Queryable, asked: string, userId: number | null): Promise<number> {
  const [row] = await db.query<{ handle: string }>(
    `select payload->>'handle' as handle from verification_codes
     where purpose = 'recovery' and payload->>'asked' = $1 and user_id is not distinct from $2::int and expires_at > now()
     order by id desc limit 1`,
    [asked, userId],
  );
  return row ? Number(row.handle) : randomInt(1, MAX_ID + 1);
}

/** A recovery asked with `loginOrEmail`: for an account, its handle and the code to mail; for none, a handle alone. */
export async function startRecovery(db: Queryable, loginOrEmail: string, user: { id: number; email: string } | undefined): Promise<{ handle: number; code?: string }> {
  const asked = loginOrEmail.toLowerCase();
  const handle = await handleFor(db, asked, user?.id ?? null);
  const payload = { handle, asked };
  if (!user) {
    // Stored like a real one's, so the later steps count its tries and answer as they do for an account.
    await issueCode(db, { purpose: 'recovery', email: asked, payload, matchable: false });
    return { handle };
  }
  return { handle, code: await issueCode(db, { purpose: 'recovery', email: user.email, userId: user.id, payload }) };
}
