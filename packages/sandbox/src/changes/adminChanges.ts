import type { Database, Queryable } from '../db/Database';
import { listenToChannel, type ChannelEvents } from './channelEvents';

/** What the console hears besides payments; merchantId null (a wallet e-mail) is the operator's only. */
export type AdminChange = { type: 'webhook'; id: string; state: string; merchantId: number } | { type: 'mail'; id: number; merchantId: number | null };

export type AdminChanges = ChannelEvents<AdminChange>;

/** Per schema, so sandboxes sharing a database hear only their own; a statement may NOTIFY on it directly. */
export const ADMIN_CHANNEL_SQL = "'pasarela_admin_' || coalesce(current_schema(), 'public')";

async function channelOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ channel: string }>(`select ${ADMIN_CHANNEL_SQL} as channel`);
  return row?.channel ?? 'pasarela_admin_public';
}

/** Sent at commit, like the transaction events. */
export async function notifyAdminChange(db: Queryable, change: AdminChange): Promise<void> {
  await db.query('select pg_notify($1, $2)', [await channelOf(db), JSON.stringify(change)]);
}

function parseChange(payload: string): AdminChange | undefined {
  try {
    const value = JSON.parse(payload) as { type?: unknown; id?: unknown; state?: unknown; merchantId?: unknown };
    const merchantId = typeof value.merchantId === 'number' ? value.merchantId : null;
    if (value.type === 'webhook' && typeof value.id === 'string' && merchantId !== null) return { type: 'webhook', id: value.id, state: String(value.state ?? ''), merchantId };
    if (value.type === 'mail' && typeof value.id === 'number') return { type: 'mail', id: value.id, merchantId };
  } catch {
  }
  return undefined;
}

export async function listenToAdminChanges(db: Database): Promise<AdminChanges> {
  return listenToChannel(db, await channelOf(db), parseChange);
}
