import * as v from 'valibot';
import type { LiveMessage } from '../store/consoleStore';

const LiveMessageSchema = v.variant('type', [
  v.object({ type: v.literal('transaction'), codOper: v.string() }),
  v.object({ type: v.literal('webhook'), id: v.string() }),
  v.object({ type: v.literal('mail'), id: v.number() }),
  v.object({ type: v.literal('hello') }),
]);

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

export interface LiveHandlers {
  onMessage(message: LiveMessage): void;
  /** Connected (after a gap: read everything again, changes may have been missed) or not. */
  onLive(live: boolean): void;
}

/**
 * Follows the sandbox's admin push socket (`/sandbox/push`, fed by the database's NOTIFY, so any
 * node's payments arrive) and reconnects with growing pauses when it drops. Returns a stop function.
 */
export function connectLive(url: string, handlers: LiveHandlers, makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u)): () => void {
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    socket = makeSocket(url);
    socket.onopen = () => {
      delay = RECONNECT_MIN_MS;
      handlers.onLive(true);
    };
    socket.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = v.safeParse(LiveMessageSchema, data);
      if (parsed.success) handlers.onMessage(parsed.output);
    };
    socket.onclose = () => {
      handlers.onLive(false);
      if (stopped) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}

/** ws(s)://<this origin>/sandbox/push */
export function livePushUrl(location: Pick<Location, 'protocol' | 'host'>, adminToken: string | null = null): string {
  // A browser's socket sends no Authorization header: the admin token rides in the query.
  const query = adminToken ? `?token=${encodeURIComponent(adminToken)}` : '';
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/sandbox/push${query}`;
}
