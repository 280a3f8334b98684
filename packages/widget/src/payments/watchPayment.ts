import { isOutcomeUnknown } from '@pasarela/core';

export interface PushMessage {
  type: 'transaction';
  codOper: string;
  status: number;
}

export interface SocketLike {
  onmessage: ((event: { data: unknown }) => void) | null;
  onopen: (() => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export interface WatchOptions<T> {
  pushUrl: string | null;
  /** What the watcher trusts: a push only says "look now". */
  check: () => Promise<T>;
  isFinal: (answer: T) => boolean;
  onAnswer: (answer: T) => void;
  onRefused: (error: unknown) => void;
  pollIntervalsMs?: readonly number[];
  /** A push can be lost. */
  safetyIntervalMs?: number;
  openSocket?: (url: string) => SocketLike;
  reconnectDelaysMs?: readonly number[];
}

export const POLL_INTERVALS_MS = [1_000, 2_000, 3_000, 5_000, 8_000] as const;
const SAFETY_INTERVAL_MS = 15_000;
const RECONNECT_DELAYS_MS = [1_000, 3_000, 10_000, 30_000] as const;

function parsePush(data: unknown): PushMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<PushMessage>;
    return value.type === 'transaction' && typeof value.codOper === 'string' ? (value as PushMessage) : null;
  } catch {
    return null;
  }
}

/** The push socket says when to look; growing polls cover a socket that never opens or drops. Returns `stop`. */
export function watchPayment<T>(options: WatchOptions<T>): () => void {
  const intervals = options.pollIntervalsMs ?? POLL_INTERVALS_MS;
  const reconnectDelays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const openSocket = options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let stopped = false;
  let socket: SocketLike | null = null;
  let socketOpen = false;
  let reconnects = 0;
  let pollIndex = 0;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let checking = false;
  let checkAgain = false;
  // Looks in a row that got no answer: the next one waits longer, whatever the socket says.
  let failedLooks = 0;

  const stop = () => {
    stopped = true;
    clearTimeout(pollTimer);
    clearTimeout(reconnectTimer);
    if (socket) {
      socket.onclose = socket.onerror = socket.onmessage = socket.onopen = null;
      socket.close();
    }
    socket = null;
  };

  const schedulePoll = () => {
    clearTimeout(pollTimer);
    if (stopped) return;
    const ladder = (step: number) => intervals[Math.min(step, intervals.length - 1)] ?? 5_000;
    const wait = failedLooks > 0 ? ladder(failedLooks - 1) : socketOpen ? (options.safetyIntervalMs ?? SAFETY_INTERVAL_MS) : ladder(pollIndex);
    if (!socketOpen) pollIndex += 1;
    pollTimer = setTimeout(() => void look(), wait);
  };

  const look = async (): Promise<void> => {
    if (stopped) return;
    // One request at a time; a push arriving meanwhile asks for one more look.
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      const answer = await options.check();
      if (stopped) return;
      failedLooks = 0;
      options.onAnswer(answer);
      if (options.isFinal(answer)) return stop();
    } catch (error) {
      if (stopped) return;
      if (!isOutcomeUnknown(error)) {
        stop();
        return options.onRefused(error);
      }
      // A lost answer or a 5xx: the payment is still live, keep watching.
      failedLooks += 1;
    } finally {
      checking = false;
    }
    if (checkAgain) {
      checkAgain = false;
      return look();
    }
    schedulePoll();
  };

  const connect = () => {
    if (stopped || !options.pushUrl) return;
    let ws: SocketLike;
    try {
      ws = openSocket(options.pushUrl);
    } catch {
      return;
    }
    socket = ws;
    ws.onopen = () => {
      socketOpen = true;
      reconnects = 0;
      schedulePoll();
    };
    ws.onmessage = (event) => {
      if (parsePush(event.data)) void look();
    };
    ws.onclose = ws.onerror = () => {
      if (socket !== ws) return;
      ws.onclose = ws.onerror = ws.onmessage = ws.onopen = null;
      socket = null;
      const wasOpen = socketOpen;
      socketOpen = false;
      if (stopped) return;
      // Back to brisk polling until the socket is back.
      pollIndex = 0;
      if (wasOpen) void look();
      const delay = reconnectDelays[reconnects];
      reconnects += 1;
      if (delay !== undefined) reconnectTimer = setTimeout(connect, delay);
    };
  };

  connect();
  void look();
  return stop;
}
