import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from '../db/Database';
import { asRetryable, DATABASE_RETRY_AFTER_S, isConnectionError } from '../db/unavailable';
import { userIdOf } from '../auth/sessions';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { pushMessageOf, type TransactionChange, type TransactionEvents } from '../changes/transactionEvents';
import { acceptKey, CLOSE_GOING_AWAY, CLOSE_INTERNAL_ERROR, CLOSE_TRY_AGAIN_LATER, ServerSocket } from './webSocket';
import { pushedStates, type PushedState } from './pushedStates';
import type { AdminChange, AdminChanges } from '../changes/adminChanges';
import type { AdminScope } from '../http/AppEnv';

export const PUSH_PATH = '/api/v1/push';
/** The console's admin stream: every change for the operator; a merchant's secret key hears its own only. */
export const ADMIN_PUSH_PATH = '/sandbox/push';

const pushedStateOf = (row: TransactionRow): PushedState => ({ codOper: row.cod_oper, method: row.method, status: row.status, authStatus: row.auth_status });

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * The database lost, or a statement it cancelled or a transaction it ended (statement_timeout, lock_timeout,
 * deadlock, serialization: rolled back): asked again later it may be answered, as the HTTP routes' 503 says.
 */
const retryable = (error: unknown): boolean => isConnectionError(asRetryable(error));

/** A credential's check that failed for the database is not a refusal of the credential: thrown on, a 503. */
const refusedUnlessRetryable = (error: unknown): undefined => {
  if (retryable(error)) throw error;
  return undefined;
};

/**
 * SPEC 7 push websocket: `/api/v1/push?codOper=` follows one payment, `?token=<wallet token>` a user's;
 * each change arrives as `{ type: 'transaction', codOper, method, status, authStatus }`.
 */
export function pushServer(
  db: Database, events: TransactionEvents, adminChanges?: AdminChanges,
  adminScope: (token: string | null, req: IncomingMessage) => Promise<AdminScope | undefined> = async () => ({ kind: 'admin' }),
) {
  const open = new Set<Duplex>();
  const sockets = new Set<ServerSocket>();
  const resend = new Map<ServerSocket, () => Promise<void>>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex): void => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // Node gives an upgraded socket no 'error' listener: a client reset must not take the process down.
    socket.on('error', () => socket.destroy());
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const accept = acceptKey(req.headers['sec-websocket-key']);
      const admin = url.pathname === ADMIN_PUSH_PATH && adminChanges !== undefined;
      if (url.pathname !== PUSH_PATH && !admin) return refuse(socket, '404 Not Found');
      if (!accept || req.headers['sec-websocket-version'] !== '13') return refuse(socket, '400 Bad Request');
    // A browser's socket cannot send headers, hence ?token=.
      if (admin) {
        const scope = await adminScope(url.searchParams.get('token'), req).catch(refusedUnlessRetryable);
        if (!scope) return refuse(socket, '401 Unauthorized');
        return openAdminStream(socket, accept, adminChanges, scope.kind === 'merchant' ? scope.merchantId : undefined);
      }
      const param = url.searchParams.get('codOper');
      const codOper = param && param.length <= 64 ? param : null;
      const token = url.searchParams.get('token');
      let wanted: (change: TransactionChange) => boolean;
      if (codOper) {
        wanted = (change) => change.codOper === codOper;
      } else if (token) {
        const userId = await userIdOf(db, `Bearer ${token}`).catch(refusedUnlessRetryable);
        if (userId === undefined) return refuse(socket, '401 Unauthorized');
        wanted = (change) => change.userId === userId;
      } else {
        return refuse(socket, '400 Bad Request');
      }
      // Listening before the payment is read, so no change in between is lost; `fresh` keeps a socket
      // from telling a state twice or going back.
      const heard: PushedState[] = [];
      let tell = (state: PushedState): void => void heard.push(state);
      const listener = (change: TransactionChange) => {
        if (wanted(change)) tell(change);
      };
      events.on('change', listener);
      let current: TransactionRow | undefined;
      if (codOper) {
        current = await findTransaction(db, codOper).catch((error: unknown) => {
          events.off('change', listener);
          throw error;
        });
        if (!current) {
          events.off('change', listener);
          return refuse(socket, '404 Not Found');
        }
      }
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
      const ws = new ServerSocket(socket, () => {
        events.off('change', listener);
        sockets.delete(ws);
        resend.delete(ws);
      });
      sockets.add(ws);
      const fresh = pushedStates();
      tell = (state) => {
        if (fresh(state)) ws.sendJson(pushMessageOf(state));
      };
      if (current) tell(pushedStateOf(current));
      for (const state of heard.splice(0)) tell(state);
      if (codOper) {
        resend.set(ws, async () => {
          const now = await findTransaction(db, codOper);
          if (now) tell(pushedStateOf(now));
        });
      }
    })().catch((error: unknown) => refuse(socket, retryable(error) ? `503 Service Unavailable\r\nRetry-After: ${DATABASE_RETRY_AFTER_S}` : '500 Internal Server Error'));
  };
  // Like the admin API: the admin token or a merchant's secret key, which keeps the stream to its merchant.
  const openAdminStream = (socket: Duplex, accept: string, changes: AdminChanges, merchantId: number | undefined): void => {
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    const ours = (change: { merchantId: number | null }) => merchantId === undefined || change.merchantId === merchantId;
    const onTransaction = (change: TransactionChange) => {
      if (ours(change)) ws.sendJson(pushMessageOf(change));
    };
    const onAdmin = (change: AdminChange) => {
      if (ours(change)) ws.sendJson(change);
    };
    const ws = new ServerSocket(socket, () => {
      events.off('change', onTransaction);
      changes.off('change', onAdmin);
      sockets.delete(ws);
    });
    sockets.add(ws);
    events.on('change', onTransaction);
    changes.on('change', onAdmin);
    ws.sendJson({ type: 'hello' });
  };
  // Notifications were away: a one-payment socket is told its state again; the others are closed to
  // reconnect and read afresh. One whose state cannot be read now is closed too (1013 when the database
  // may answer later): kept open, it would miss the change; the widget reconnects on any close.
  events.onResume(() => {
    for (const ws of sockets) {
      const again = resend.get(ws);
      if (again) again().catch((error: unknown) => ws.close(retryable(error) ? CLOSE_TRY_AGAIN_LATER : CLOSE_INTERNAL_ERROR));
      else ws.close();
    }
  });
  // Open sockets would keep server.close() waiting; a close frame (1001: this node is going) makes the widget reconnect to another node.
  const closeAll = async (graceMs = 1_000): Promise<void> => {
    for (const ws of sockets) ws.close(CLOSE_GOING_AWAY);
    const deadline = Date.now() + graceMs;
    while (open.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const socket of open) socket.destroy();
  };
  return { onUpgrade, closeAll, openSockets: () => sockets.size };
}
