import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from '../db/Database';
import { DATABASE_RETRY_AFTER_S, isConnectionError } from '../db/unavailable';
import { userIdOf } from '../auth/sessions';
import { findTransaction, type TransactionRow } from '../store/transactions';
import { pushMessageOf, type TransactionChange, type TransactionEvents } from './transactionEvents';
import { acceptKey, ServerSocket } from './webSocket';
import type { AdminChange, AdminChanges } from './adminChanges';
import type { AdminScope } from '../auth/adminAccess';

export const PUSH_PATH = '/api/v1/push';
/**
 * The admin stream the sandbox console watches: every transaction, webhook and mailbox change, on
 * any node, for the operator; a merchant's secret key hears that merchant's only.
 */
export const ADMIN_PUSH_PATH = '/sandbox/push';

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * SPEC 7 "A push-notification websocket path exists": `ws(s)://<checkout>/api/v1/push?codOper=...`
 * follows one payment (a guest waiting for Nequi, Yappy, cash or crypto); `?token=<wallet token>`
 * follows every payment of that user. Each change arrives as
 * `{ type: 'transaction', codOper, method, status, authStatus }`.
 */
export function pushServer(
  db: Database, events: TransactionEvents, adminChanges?: AdminChanges,
  adminScope: (token: string | null) => Promise<AdminScope | undefined> = async () => ({ kind: 'admin' }),
) {
  const open = new Set<Duplex>();
  const sockets = new Set<ServerSocket>();
  /** How each socket following one payment tells it again what it is now (after missed notifications). */
  const resend = new Map<ServerSocket, () => Promise<void>>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex): void => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // Node hands an upgraded socket over without its own 'error' listener: a client that resets
    // while its payment is looked up must not take the process down.
    socket.on('error', () => socket.destroy());
    void (async () => {
      // With the database away the answer is 503 (below), and the widget polls and opens it again later.
    const url = new URL(req.url ?? '/', 'http://localhost');
      const accept = acceptKey(req.headers['sec-websocket-key']);
      const admin = url.pathname === ADMIN_PUSH_PATH && adminChanges !== undefined;
      if (url.pathname !== PUSH_PATH && !admin) return refuse(socket, '404 Not Found');
      if (!accept || req.headers['sec-websocket-version'] !== '13') return refuse(socket, '400 Bad Request');
      // The operator's stream, or one merchant's (a browser's socket cannot send headers, so ?token=).
      if (admin) {
        const scope = await adminScope(url.searchParams.get('token')).catch(() => undefined);
        if (!scope) return refuse(socket, '401 Unauthorized');
        return openAdminStream(socket, accept, adminChanges, scope.kind === 'merchant' ? scope.merchantId : undefined);
      }
      const codOper = url.searchParams.get('codOper');
      const token = url.searchParams.get('token');
      let wanted: (change: TransactionChange) => boolean;
      let current: TransactionRow | undefined;
      if (codOper && codOper.length <= 64) {
        current = await findTransaction(db, codOper);
        if (!current) return refuse(socket, '404 Not Found');
        wanted = (change) => change.codOper === codOper;
      } else if (token) {
        const userId = await userIdOf(db, `Bearer ${token}`).catch(() => undefined);
        if (userId === undefined) return refuse(socket, '401 Unauthorized');
        wanted = (change) => change.userId === userId;
      } else {
        return refuse(socket, '400 Bad Request');
      }
      socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
      const listener = (change: TransactionChange) => {
        if (wanted(change)) ws.sendJson(pushMessageOf(change));
      };
      const ws = new ServerSocket(socket, () => {
        events.off('change', listener);
        sockets.delete(ws);
        resend.delete(ws);
      });
      sockets.add(ws);
      events.on('change', listener);
      if (current) ws.sendJson(pushMessageOf({ codOper: current.cod_oper, method: current.method, status: current.status, authStatus: current.auth_status }));
      if (codOper && current) {
        resend.set(ws, async () => {
          const now = await findTransaction(db, codOper);
          if (now) ws.sendJson(pushMessageOf({ codOper: now.cod_oper, method: now.method, status: now.status, authStatus: now.auth_status }));
        });
      }
    })().catch((error: unknown) => refuse(socket, isConnectionError(error) ? `503 Service Unavailable\r\nRetry-After: ${DATABASE_RETRY_AFTER_S}` : '500 Internal Server Error'));
  };
  // Like the admin API under /sandbox: the admin token once one is set, or a merchant's secret key
  // (adminScope); `merchantId` set keeps the stream to that merchant's changes.
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
  // The database's notifications were away: what changed meanwhile was not pushed. A socket that
  // follows one payment is told its state again; the others (a wallet's, the console's) are closed,
  // so their clients reconnect and read afresh (polling meanwhile).
  events.onResume(() => {
    for (const ws of sockets) {
      const again = resend.get(ws);
      if (again) again().catch(() => undefined);
      else ws.close();
    }
  });
  // Open sockets would keep server.close() waiting forever. A close frame first, so the widget
  // reconnects (to another node behind the load balancer) instead of waiting for a timeout.
  const closeAll = async (graceMs = 1_000): Promise<void> => {
    for (const ws of sockets) ws.close();
    const deadline = Date.now() + graceMs;
    while (open.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const socket of open) socket.destroy();
  };
  return { onUpgrade, closeAll, openSockets: () => sockets.size };
}
